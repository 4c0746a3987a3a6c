"""Serving the arcade to terminals elsewhere: ``cardarcade serve ssh``.

One process, one asyncio loop, one ``ArcadeApp`` per session, each drawn through
``TerminalDriver`` (driver.py) onto the session's own channel. ssh.py holds the SSH server
(asyncssh); keys.py the server's host key and where the players' keys are listed. Nothing here
is imported before ``cardarcade serve``, so the menu's start-up does not pay for asyncssh.
"""
