"""The commit-msg hook (``.githooks/commit-msg``): a subject of at most 72 characters, then a blank line.

The hook runs here on messages written to files, as git runs it: with the
message's file as its argument, from a directory outside any repository and
with an empty home, so that no configuration of the machine's changes the
result. It is run by ``/bin/sh`` (it must not need bash) and, where the
machine has it, by ``dash``, the strictest common POSIX shell.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from tests.helpers import ROOT

HOOK = ROOT / ".githooks" / "commit-msg"
SHELLS = ["/bin/sh"] + [path for path in [shutil.which("dash")] if path]


def _run(tmp_path: Path, message: str, shell: str = "/bin/sh", **config: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "COMMIT_EDITMSG"
    path.write_text(message, encoding="utf-8")
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1", "LANG": "C"}
    for i, (key, value) in enumerate(config.items()):
        env[f"GIT_CONFIG_KEY_{i}"], env[f"GIT_CONFIG_VALUE_{i}"] = key.replace("_", "."), value
    if config:
        env["GIT_CONFIG_COUNT"] = str(len(config))
    return subprocess.run(
        [shell, str(HOOK), str(path)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=30
    )


def test_the_hook_is_an_executable_posix_script() -> None:
    assert HOOK.read_text(encoding="utf-8").startswith("#!/bin/sh\n")
    assert HOOK.stat().st_mode & stat.S_IXUSR, "git runs only an executable hook: chmod +x .githooks/commit-msg"


GOOD = {
    "subject and body": "Cap the runner's output\n\nA flood of output kept its first and last lines only.\n",
    "subject alone": "Cap the runner's output\n",
    "subject alone, no newline": "Cap the runner's output",
    "exactly 72 characters": "x" * 72 + "\n\nbody\n",
    "72 characters, not bytes": "é" * 72 + "\n",
    "trailing spaces do not count": "x" * 72 + "   \n",
    "git's comments are dropped": "Subject\n# Please enter the commit message\n\nBody\n# On branch main\n",
    "leading blank lines and comments": "\n# comment\n\nSubject\n\nBody line one\nline two\n",
    "below the scissors line": "Subject\n\nBody\n# ------------------------ >8 ------------------------\n"
    + "y" * 100
    + "\ndiff --git a/x b/x\n",
    "a merge": "Merge branch 'a-branch-with-a-long-name' of https://example.org/someone/some-repository-name\n",
    "a revert": 'Revert "' + "z" * 70 + '"\n\nThis reverts commit 0123456789abcdef.\n',
    "a fixup": "fixup! " + "w" * 72 + "\n",
    "a squash": "squash! " + "w" * 72 + "\nmore\n",
    "an amend": "amend! " + "w" * 72 + "\n",
    "an empty message (git refuses it itself)": "# only a comment\n\n",
}


@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize("name", sorted(GOOD))
def test_good_messages_pass(tmp_path: Path, name: str, shell: str) -> None:
    result = _run(tmp_path, GOOD[name], shell)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


@pytest.mark.parametrize("shell", SHELLS)
def test_a_long_subject_is_refused_with_its_length(tmp_path: Path, shell: str) -> None:
    result = _run(tmp_path, "y" * 73 + "\n\nBody\n", shell)
    assert result.returncode == 1
    assert "the subject line has 73 characters; at most 72" in result.stderr
    assert "y" * 73 in result.stderr, "the message quotes the subject"
    assert "COMMIT_EDITMSG" in result.stderr, "the message says where the text that was refused is"


@pytest.mark.parametrize("shell", SHELLS)
def test_a_long_subject_of_multibyte_characters_is_refused(tmp_path: Path, shell: str) -> None:
    result = _run(tmp_path, "ü" * 73 + "\n", shell)
    assert result.returncode == 1 and "has 73 characters" in result.stderr


@pytest.mark.parametrize("shell", SHELLS)
def test_a_body_without_a_blank_line_is_refused(tmp_path: Path, shell: str) -> None:
    result = _run(tmp_path, "Cap the runner's output\nA flood of output kept its ends.\n", shell)
    assert result.returncode == 1
    assert "the second line must be blank" in result.stderr
    assert "A flood of output kept its ends." in result.stderr


def test_a_comment_between_subject_and_body_does_not_count_as_blank(tmp_path: Path) -> None:
    # git drops the comment, which leaves the body on the second line.
    result = _run(tmp_path, "Subject\n# a comment\nBody right after\n")
    assert result.returncode == 1 and "second line must be blank" in result.stderr


def test_both_faults_are_reported_at_once(tmp_path: Path) -> None:
    result = _run(tmp_path, "v" * 80 + "\nbody\n")
    assert result.returncode == 1
    assert "has 80 characters" in result.stderr and "second line must be blank" in result.stderr


def test_a_configured_comment_character_is_followed(tmp_path: Path) -> None:
    message = "Subject\n; a comment in the configured character\n\n" + "; " + "c" * 90 + "\n"
    assert _run(tmp_path, message, core_commentChar=";").returncode == 0
    # With the default '#', the ';' line is text: the second line is not blank.
    assert _run(tmp_path, message).returncode == 1
