"""What the build installs and runs from elsewhere is pinned by hash, and the deploy workflow's rights are narrow.

Read from the checkout, no build: the deploy workflow names every action by
its full commit SHA with the release tag in a comment, grants only read
rights at the top and to the build job, and ``pages: write`` and
``id-token: write`` to the deploy job alone. Every ``npm ci`` runs with
``--ignore-scripts`` (and ``.npmrc`` says ``ignore-scripts=true``), and the
only package in ``package-lock.json`` with an install script is esbuild, whose
binary comes in its platform package. ``dev.sh`` installs pip itself from
``requirements/pip.lock.txt`` by sha256 in every environment, and the locked
environments with ``--require-hashes``; only ``.venv-latest`` is unpinned, on
purpose."""

from __future__ import annotations

import json
import re

import yaml

from tests.helpers import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "deploy.yml"
USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(?P<action>[^@\s]+)@(?P<ref>\S+)(?P<comment>\s+#.*)?$")


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text())


def test_every_action_is_pinned_by_commit_sha_with_its_tag_in_a_comment() -> None:
    lines = [line for line in WORKFLOW.read_text().splitlines() if re.match(r"^\s*(-\s+)?uses:", line)]
    parsed = [step["uses"] for job in _workflow()["jobs"].values() for step in job["steps"] if "uses" in step]
    assert len(lines) == len(parsed) == 6
    for line in lines:
        match = USES.match(line)
        assert match, f"not an action reference: {line!r}"
        assert re.fullmatch(r"[0-9a-f]{40}", match["ref"]), f"not pinned by a full commit SHA: {line.strip()}"
        tag = match["comment"] or ""
        assert re.fullmatch(r"\s+# v\d+(\.\d+)*", tag), f"no release tag in a comment: {line.strip()}"
    assert {uses.split("@")[0] for uses in parsed} >= {"actions/checkout", "actions/deploy-pages"}


def test_only_the_deploy_job_may_write() -> None:
    workflow = _workflow()
    assert workflow["permissions"] == {"contents": "read"}
    jobs = workflow["jobs"]
    assert jobs["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
    for name, job in jobs.items():
        if name == "deploy":
            continue
        permissions = job.get("permissions", workflow["permissions"])
        assert isinstance(permissions, dict), f"{name}: permissions must be listed, not {permissions!r}"
        assert set(permissions.values()) <= {"read", "none"}, f"{name} may write: {permissions}"
    assert jobs["build"]["permissions"]["contents"] == "read"


def test_npm_runs_no_install_scripts() -> None:
    assert "ignore-scripts=true" in (ROOT / ".npmrc").read_text().splitlines()
    callers = [ROOT / "dev.sh", *sorted((ROOT / "site_examples").rglob("*.py"))]
    calls = []
    for path in callers:
        text = path.read_text()
        for match in re.finditer(r"npm ci\b[^\n]*|\"npm\", \"ci\"[^\n]*", text):
            calls.append((path.name, match[0]))
    assert ("dev.sh", "npm ci --ignore-scripts --no-audit --no-fund --loglevel=error") in calls
    assert len(calls) >= 2  # dev.sh and the Lighthouse benchmark
    for name, call in calls:
        assert "--ignore-scripts" in call, f"{name}: {call}"


def test_only_esbuild_has_an_install_script_and_its_binary_comes_without_it() -> None:
    # A new package with an install script needs a look: does it work without that script?
    packages = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    scripted = sorted(path for path, entry in packages.items() if entry.get("hasInstallScript"))
    assert scripted == ["node_modules/esbuild"]
    esbuild = packages["node_modules/esbuild"]
    assert "@esbuild/linux-x64" in esbuild["optionalDependencies"]
    binary = packages["node_modules/@esbuild/linux-x64"]
    assert binary["version"] == esbuild["version"] and binary["optional"] and binary["integrity"].startswith("sha512-")


def test_the_installers_come_by_their_sha256_and_the_locked_environments_require_hashes() -> None:
    """pip and uv install from requirements/pip.lock.txt (wheels, by sha256); uv installs every environment."""
    script = (ROOT / "dev.sh").read_text()
    assert "PIP_LOCK=requirements/pip.lock.txt" in script
    # Once a machine: pip and uv into the cache, by pip, from the lock.
    assert 'pip install --quiet --require-hashes --only-binary :all: -r "$PIP_LOCK"' in script
    # Into each environment, by uv: the installers from the same lock, then the environment's lock.
    assert '"${install[@]}" --require-hashes --only-binary :all: -r "$PIP_LOCK"' in script
    assert '"${install[@]}" --require-hashes -r "$lock"' in script
    assert not re.search(r"pip==|uv==|--upgrade \"?pip", script), "an installer installed by version alone"
    # .venv-latest is the one unpinned environment (LOCK "-"): the newest numpy, on purpose.
    assert re.findall(r"make_venv \S+ \"[^\"]*\" \"\$python\" (\S+)", script) == ['"$MAIN_LOCK"', "-", '"$OLDEST_LOCK"']
    wanted = (ROOT / "requirements" / "pip.in").read_text()
    versions = {name: re.search(rf"^{name}==(\S+)$", wanted, re.MULTILINE)[1] for name in ("pip", "uv")}
    lock = (ROOT / "requirements" / "pip.lock.txt").read_text()
    assert [line for line in lock.splitlines() if re.match(r"^[A-Za-z]", line)] == [
        f"{name}=={version} \\" for name, version in versions.items()
    ]
    assert len(re.findall(r"--hash=sha256:[0-9a-f]{64}", lock)) >= 2
