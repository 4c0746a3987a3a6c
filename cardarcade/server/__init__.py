"""Serving the arcade to terminals elsewhere: ``cardarcade serve ssh``.

One process, one asyncio loop, one ``ArcadeApp`` per session, each drawn through
``TerminalDriver`` (driver.py) onto the session's own channel. ssh.py holds the SSH server
(asyncssh); keys.py the server's key and where players' keys are listed. asyncssh is imported only by ssh.py, so that the menu's
start-up does not pay for it.
"""
