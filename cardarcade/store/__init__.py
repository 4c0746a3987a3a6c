"""What the arcade keeps between runs: saved games, statistics, profiles and settings.

Everything here is plain files in the user's folders (platformdirs), each store taking a base
folder so tests and the SSH server can point it elsewhere. Nothing here knows Textual.
"""
