"""The README's way to serve from several workers and machines: each command it gives is one the
CLI takes, and its HAProxy and nginx configurations are ones those programs accept (checked with
the programs themselves where they are installed)."""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from cardarcade.cli import build_parser

README = Path(__file__).resolve().parents[1] / "README.md"
SECTION = "#### Two workers on one machine, and machines behind one address"


def section() -> str:
    """The section, up to the next heading (the PostgreSQL section follows it)."""
    text = README.read_text()
    start = text.index(SECTION)
    end = re.compile(r"^#{2,4} ", re.M).search(text, start + len(SECTION))
    return text[start : end.start() if end else len(text)]


def blocks(kind: str) -> list[str]:
    """The fenced blocks of ``kind`` (sh, text) in the section, their indentation taken off."""
    found = re.findall(rf"^( *)```{kind}\n(.*?)^\1```", section(), re.M | re.S)
    return ["\n".join(line[len(indent) :] for line in body.splitlines()) for indent, body in found]


def serve_commands() -> list[list[str]]:
    commands = []
    for block in blocks("sh"):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words[:2] == ["cardarcade", "serve"]:
                commands.append(words[1:])
    return commands


def serve_ssh_options() -> set[str]:
    parser = build_parser()
    servers = next(a for a in parser._subparsers._group_actions if isinstance(a, argparse._SubParsersAction))
    serve = servers.choices["serve"]
    kinds = next(a for a in serve._subparsers._group_actions if isinstance(a, argparse._SubParsersAction))
    return set(kinds.choices["ssh"]._option_string_actions)


def test_every_serve_command_in_the_section_is_one_the_cli_takes():
    commands = serve_commands()
    assert len(commands) >= 3  # one machine; each of several machines, without and with PostgreSQL
    known = serve_ssh_options()
    checked = 0
    for words in commands:
        if "--database" in words and "--database" not in known:
            continue  # (PostgreSQL is optional, and lands in a version of its own)
        args = build_parser().parse_args(words)  # (a wrong option ends here: CliError)
        assert args.redis and args.redis.startswith("redis://")
        assert args.workers == 2 and args.port != 0  # what --workers above 1 asks for
        assert args.host == "0.0.0.0" and args.web_port is not None
        checked += 1
    assert checked >= 2


def config_block(marker: str) -> str:
    [block] = [b for b in blocks("text") if marker in b]
    return block


def test_the_haproxy_configuration_is_one_haproxy_accepts(tmp_path):
    haproxy = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
    config = tmp_path / "haproxy.cfg"
    config.write_text(config_block("mode tcp") + "\n")
    if haproxy is None:
        pytest.skip("no haproxy installed: the README's HAProxy configuration is not checked")
    said = subprocess.run([haproxy, "-c", "-f", str(config)], capture_output=True, text=True, timeout=60)
    assert said.returncode == 0, said.stdout + said.stderr


def test_the_nginx_configuration_is_one_nginx_accepts(tmp_path):
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    block = config_block("$http_upgrade")
    # what a page needs to open its websocket through the proxy
    for needed in (
        "proxy_set_header Upgrade $http_upgrade",
        "proxy_set_header Host $http_host",
        "proxy_http_version 1.1",
    ):
        assert needed in block
    config = tmp_path / "nginx.conf"
    # the README gives what goes in nginx's http { } block
    config.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\naccess_log off;\n{block}\n}}\n"
    )
    if nginx is None:
        pytest.skip("no nginx installed: the README's nginx configuration is not checked")
    said = subprocess.run(
        [nginx, "-e", str(tmp_path / "error.log"), "-t", "-c", str(config), "-p", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert said.returncode == 0, said.stdout + said.stderr
