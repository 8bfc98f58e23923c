#!/usr/bin/env bash
# The project's two entry points (see README):
#   ./dev.sh serve   set everything up, build the site and serve it on http://127.0.0.1:8000/
#   ./dev.sh test    set everything up and run the whole test suite
# and four helpers:
#   ./dev.sh build   set up and build the site into site/, then the post-build pipeline (what deploy runs)
#   ./dev.sh setup   only set up
#   ./dev.sh lock [--upgrade]   re-resolve requirements/*.lock.txt (--upgrade: newest versions)
#   ./dev.sh measure [NAME...]  run the benchmarks: figures against targets, written to docs/data/
#
# Every Python package of .venv and .venv-oldest (and pip itself, in every
# environment) is pinned, with its sha256, in requirements/*.lock.txt, and every
# npm package in package-lock.json, installed without running its install
# scripts: a fresh clone installs exactly those files, next year too. Set-up is idempotent and
# fast the second time: the virtual environments live in the checkout (.venv,
# .venv-latest, .venv-oldest) and are rebuilt only when pyproject.toml, a lock
# file or this script changes; downloads are cached outside the checkout by pip
# (~/.cache/pip) and npm (~/.npm).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

# The main environment's lock (the package's docs and test extras, and numpy as
# Pyodide builds it: requirements/pyodide-numpy.in), and the oldest versions'.
MAIN_LOCK=requirements/docs-test.lock.txt
OLDEST_LOCK=requirements/oldest.lock.txt
# The installers (pip and uv, as requirements/pip.in pins them; installed once
# into the cache from $PIP_LOCK, each file checked against its sha256): uv makes
# the environments and resolves the lock files (./dev.sh lock), pip goes into
# each environment (the build downloads with it).
PIP_LOCK=requirements/pip.lock.txt
# What no environment installs, whatever requires it (uv's --excludes): MkDocs, which Material and
# mkdocs-jupyter name as a dependency; ProperDocs, the maintained MkDocs 1.x, is the engine and answers
# their `import mkdocs` itself.
EXCLUDES=requirements/excludes.in
CACHE="${ATTENTION_COURSE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/attention-course}"
# uv's own cache is usually on another file system than the checkout: copy, and say nothing of it.
export UV_LINK_MODE=copy

# Each step with the seconds since the command began (bash's SECONDS), so a slow step shows in CI's log.
log() { printf '\033[1m==> [%ds] %s\033[0m\n' "$SECONDS" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# find_python MINOR...: print an interpreter of the first of these 3.x minor
# versions that is available: $PYTHON, python3.MINOR on the PATH, or pyenv's.
find_python() {
    local minor candidate version
    for minor in "$@"; do
        for candidate in "${PYTHON:-}" "python3.$minor" python3; do
            [ -n "$candidate" ] || continue
            if "$candidate" -c "import sys; sys.exit(sys.version_info[:2] != (3, $minor))" >/dev/null 2>&1; then
                command -v "$candidate"
                return
            fi
        done
        if command -v pyenv >/dev/null 2>&1; then
            version=$(pyenv versions --bare 2>/dev/null | grep -E "^3\.$minor\.[0-9]+$" | sort -V | tail -n 1 || true)
            if [ -n "$version" ]; then
                echo "$(pyenv root)/versions/$version/bin/python3"
                return
            fi
        fi
    done
    die "no Python 3.$1 found (tried \$PYTHON, python3.$1, python3, pyenv). Install it, or set PYTHON=/path/to/python3.$1"
}

# installers: print the path of uv, installed with pip from $PIP_LOCK into a
# folder of the cache named after that lock's sha256 (once a machine).
installers() {
    local tools
    tools="$CACHE/tools/installers-$(sha256sum "$PIP_LOCK" | cut -d' ' -f1)"
    if [ ! -x "$tools/bin/uv" ]; then
        log "installing pip and uv into $tools, as $PIP_LOCK pins them"
        rm -rf "$tools"
        "$(find_python 12 13 14 11 10)" -m venv "$tools" &&
            "$tools/bin/python" -m pip install --quiet --require-hashes --only-binary :all: -r "$PIP_LOCK" >&2 ||
            die "installing pip and uv into $tools failed (above)"
    fi
    echo "$tools/bin/uv"
}

# make_venv DIR STAMP PYTHON LOCK PIP_ARGS...: (re)create DIR unless its stamp
# matches, with uv (installers): pip and uv from $PIP_LOCK, then with a LOCK
# file exactly what it pins (every file checked against its sha256), then
# PIP_ARGS with --no-deps: the lock has their dependencies; nothing $EXCLUDES names. LOCK "-" installs
# PIP_ARGS and whatever they need, unpinned (.venv-latest only).
make_venv() {
    local dir=$1 stamp=$2 python=$3 lock=$4
    shift 4
    if [ -f "$dir/.stamp" ] && [ "$(cat "$dir/.stamp")" = "$stamp" ]; then
        return
    fi
    log "creating $dir with $("$python" --version 2>&1)$([ "$lock" = - ] || echo ", as $lock pins it")"
    rm -rf "$dir"
    local uv
    uv=$(installers) || exit 1
    local install=("$uv" pip install --python "$dir/bin/python" --excludes "$EXCLUDES")
    # The installers' chatter goes to a log, shown only if the install fails.
    if ! {
        "$uv" venv --python "$python" "$dir" &&
            "${install[@]}" --require-hashes --only-binary :all: -r "$PIP_LOCK" &&
            if [ "$lock" = - ]; then
                "${install[@]}" "$@"
            else
                "${install[@]}" --require-hashes -r "$lock" && "${install[@]}" --no-deps "$@"
            fi
    } >"$dir.log" 2>&1; then
        cat "$dir.log" >&2
        die "installing into $dir failed (log above, also in $dir.log)"
    fi
    mv "$dir.log" "$dir/install.log"
    echo "$stamp" >"$dir/.stamp"
}

# What the environments are built from: a change to any of these rebuilds them.
inputs_digest() {
    cat pyproject.toml dev.sh requirements/*.in requirements/*.lock.txt | sha256sum | cut -d' ' -f1
}

setup() {
    command -v npm >/dev/null 2>&1 || die "npm not found: install Node.js and npm (apt-get install -y nodejs npm)"
    # Commit messages are checked by .githooks/commit-msg (a subject of at most 72 characters, then a blank line).
    if git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
        git -C "$ROOT" config core.hooksPath .githooks
    fi
    # The main environment and the front-end packages install side by side (each mostly waits for its
    # files), and so do the environments of the functions named as arguments (setup setup_latest setup_oldest).
    installers >/dev/null
    in_parallel setup_main setup_npm "$@"
    # The pretrained model's weights (all-MiniLM-L6-v2, Apache-2.0) for
    # its notebook and tests: fetched once into ~/.cache, verified, never committed.
    .venv/bin/python -m attention.models fetch
}

setup_main() {
    # The main environment: the site and the tests, as $MAIN_LOCK pins them
    # (with Pyodide's numpy, so lesson outputs match the browser's), and the
    # package itself, editable. Python 3.12 is Pyodide 0.27's, which the build
    # byte-compiles the attention wheel for.
    local stamp python
    stamp=$(inputs_digest)
    python=$(find_python 12)
    make_venv .venv "$stamp $python" "$python" "$MAIN_LOCK" -e .
}

setup_npm() {
    # Front-end files (KaTeX, which also typesets the math at build time, and Pyodide), exactly as package-lock.json
    # pins them, with no package's install script run (.npmrc says so too): the one package that has one, esbuild,
    # finds its native binary in the platform package @esbuild/linux-x64 (or another platform's) without it.
    local lock
    lock=$(sha256sum package-lock.json | cut -d' ' -f1)
    if [ ! -f node_modules/.stamp ] || [ "$(cat node_modules/.stamp)" != "$lock" ]; then
        log "installing front-end packages (npm ci --ignore-scripts)"
        npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
        echo "$lock" >node_modules/.stamp
    fi
}

# in_parallel FUNCTION...: run each FUNCTION in the background, wait for them all, and fail if any
# failed (each says why on stderr).
in_parallel() {
    local function pids=() failed=0 pid
    for function in "$@"; do
        "$function" &
        pids+=("$!")
    done
    for pid in "${pids[@]}"; do
        wait "$pid" || failed=1
    done
    [ "$failed" = 0 ] || die "the set-up failed (above)"
}

setup_browser() {
    # Headless Chromium for the browser tests: Debian's (apt, when root), else
    # the one Playwright downloads. CHROMIUM tells the tests where it is.
    if [ -z "${CHROMIUM:-}" ]; then
        if [ -x /usr/bin/chromium ]; then
            CHROMIUM=/usr/bin/chromium
        elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
            log "installing Chromium (apt-get install chromium)"
            apt-get install -y -qq chromium >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq chromium; }
            CHROMIUM=/usr/bin/chromium
        else
            log "installing Playwright's Chromium (playwright install chromium)"
            .venv/bin/python -m playwright install chromium
            CHROMIUM=
        fi
    fi
    export CHROMIUM
}

setup_latest() {
    # A second environment that tests the package alone against the newest
    # numpy: deliberately not locked, and rebuilt every day, so that a new
    # numpy's change shows up here first.
    local stamp
    stamp="latest-$(date +%Y-%m-%d)-$(inputs_digest)"
    # The newest Python at hand, to catch what a newer interpreter changes too.
    local python
    python=$(find_python 14 13 12)
    make_venv .venv-latest "$stamp $python" "$python" - --upgrade -e ".[test]" numpy
}

setup_oldest() {
    # The oldest versions pyproject.toml claims to support: Python 3.10, numpy 1.24,
    # as $OLDEST_LOCK pins them. Without a Python 3.10 at hand, removes any
    # .venv-oldest left from before (has_oldest then says no).
    local stamp python
    python=$( (find_python 10) 2>/dev/null) || { rm -rf .venv-oldest; return 0; }
    stamp="oldest-$(inputs_digest) $python"
    make_venv .venv-oldest "$stamp" "$python" "$OLDEST_LOCK" -e .
}

# has_oldest: whether setup_oldest made .venv-oldest for this checkout's inputs.
has_oldest() {
    [ -f .venv-oldest/.stamp ] && [ "$(cut -d' ' -f1 .venv-oldest/.stamp)" = "oldest-$(inputs_digest)" ]
}

# lock [--upgrade]: re-resolve the three lock files with uv (installed once into
# the build's cache). Without --upgrade, uv keeps every version already pinned
# and only resolves what pyproject.toml or an .in file added or changed; with
# it, everything moves to its newest release. Hashes cover every platform's
# files, so the locks install on Linux, macOS and Windows alike.
lock() {
    local uv
    uv=$(installers) || exit 1
    local compile=("$uv" pip compile --quiet --universal --generate-hashes --excludes "$EXCLUDES" --custom-compile-command "./dev.sh lock")
    log "resolving $MAIN_LOCK (Python 3.12)"
    "${compile[@]}" --python-version 3.12 pyproject.toml --extra docs --extra test requirements/pyodide-numpy.in -o "$MAIN_LOCK" "$@"
    log "resolving $OLDEST_LOCK (Python 3.10)"
    "${compile[@]}" --python-version 3.10 pyproject.toml requirements/oldest.in -o "$OLDEST_LOCK" "$@"
    log "resolving $PIP_LOCK (Python 3.10 and later)"
    "${compile[@]}" --python-version 3.10 requirements/pip.in -o "$PIP_LOCK" "$@"
}

# locked CMD...: run CMD holding .dev.lock, so that two commands started at
# once (a test run beside a serve) never build the same environment together.
locked() {
    if command -v flock >/dev/null 2>&1; then
        (flock 9 && "$@") 9>"$ROOT/.dev.lock"
    else
        "$@"
    fi
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
    setup)
        locked setup
        ;;
    lock)
        locked lock "$@"
        ;;
    build)
        unset ATTENTION_COURSE_EXECUTE_NOTEBOOKS
        locked setup
        log "building the site into site/"
        # ProperDocs looks for properdocs.yml first and notes the fallback: the configuration keeps the name
        # that ProperDocs, MkDocs and Zensical all read, given explicitly.
        .venv/bin/properdocs build --strict --config-file mkdocs.yml "$@"
        # Then the post-build pipeline over the built folder (postbuild/: the steps that finish the HTML and
        # add files, which no longer run inside the generator), in the folder a --site-dir/-d argument names.
        site=site
        while [ $# -gt 0 ]; do
            case "$1" in
                -d | --site-dir) site=$2; shift ;;
                --site-dir=*) site=${1#--site-dir=} ;;
            esac
            shift
        done
        log "finishing the site with the post-build pipeline (python -m postbuild $site)"
        .venv/bin/python -m postbuild "$site"
        ;;
    serve)
        locked setup
        # properdocs serve rebuilds on every change into a folder of its own; the hook overrides/hooks/serve_pipeline.py
        # runs the post-build pipeline after each of those builds (under serve only: a build runs it itself).
        log "serving the site on http://127.0.0.1:${PORT:-8000}/ (Ctrl-C stops)"
        exec .venv/bin/properdocs serve --strict --config-file mkdocs.yml --dev-addr "127.0.0.1:${PORT:-8000}" "$@"
        ;;
    test)
        # The whole suite always executes the notebooks (the knob is for quick local builds).
        unset ATTENTION_COURSE_EXECUTE_NOTEBOOKS
        # The main environment, the front-end packages and the package's two test environments, side by side.
        locked setup setup_latest setup_oldest
        setup_browser
        oldest=
        if has_oldest; then oldest=.venv-oldest; fi
        # One thread for numpy's linear algebra in every test process: the suite already keeps every
        # core busy, and a BLAS that starts a thread per core then waits its turn, spinning, and slows
        # the other processes too (measured with both cores loaded: tests/unit/test_smollm2.py took
        # 51 s with the default threads, 16 s with one). A value already set is kept.
        for variable in OPENBLAS_NUM_THREADS OMP_NUM_THREADS MKL_NUM_THREADS VECLIB_MAXIMUM_THREADS; do
            export "$variable=${!variable:-1}"
        done
        # The site, built once for the whole run (its notebooks executed), for an address the run then serves
        # it on (tests/site_build.py); beside the build, the package's tests on the newest and on the oldest
        # versions, all three at once: the build alone keeps one core busy, and the two package runs together
        # take longer than it, so one after the other they left a core idle for a minute after the build.
        work=$(mktemp -d)
        trap 'rm -rf "$work"' EXIT
        host=$(.venv/bin/python -c 'from site_examples.browser import free_address; print(free_address())')
        log "building the site for the tests (http://$host/), and the package's tests on the newest and oldest versions beside it"
        .venv/bin/python -m tests.site_build "$work/build" "$host" &
        build_pid=$!
        (
            log "package tests with the newest numpy $(.venv-latest/bin/python -c 'import numpy; print(numpy.__version__)')"
            exec .venv-latest/bin/python -m pytest tests/unit attention -q "$@"
        ) >"$work/latest.log" 2>&1 &
        latest_pid=$!
        if [ -n "$oldest" ]; then
            (
                log "package tests with the oldest supported: $(.venv-oldest/bin/python --version), numpy $(.venv-oldest/bin/python -c 'import numpy; print(numpy.__version__)')"
                exec .venv-oldest/bin/python -m pytest tests/unit attention -q "$@"
            ) >"$work/oldest.log" 2>&1 &
            oldest_pid=$!
        fi
        package_failed=0
        wait "$latest_pid" || package_failed=1
        cat "$work/latest.log"
        if [ -n "$oldest" ]; then
            wait "$oldest_pid" || package_failed=1
            cat "$work/oldest.log"
        else
            log "NOTE: no Python 3.10 found: the package was not tested on the oldest versions it supports"
        fi
        wait "$build_pid" || die "the site's build failed (above)"
        log "test suite with numpy $(.venv/bin/python -c 'import numpy; print(numpy.__version__)') (Pyodide's): package, lessons, site, browser"
        # On every core (at most four), each file's tests on one worker, in order (a lesson's examples share a
        # namespace), the files handed out browser tests first (tests/site_build.py); -n 0 after test runs it
        # in one process.
        ATTENTION_COURSE_SITE="$work/build" ATTENTION_COURSE_SITE_HOST="$host" \
            .venv/bin/python -m pytest --numprocesses=auto --maxprocesses=4 --dist loadfile --no-loadscope-reorder \
            --durations=25 "$@" || exit 1
        [ "$package_failed" = 0 ] || die "the package's tests on the newest or oldest versions failed (above)"
        ;;
    measure)
        # What measures (time, pixels, memory, the benchmarks): each script prints its figures against the
        # targets and writes the committed data the site shows; none fails for a figure. Names after measure
        # choose among them (./dev.sh measure page_figures); the scripts and their options are in
        # site_examples/benchmarks/__init__.py.
        locked setup
        setup_browser
        benchmarks=("$@")
        [ ${#benchmarks[@]} -gt 0 ] || benchmarks=(page_figures runner_figures visualizer_figures model_figures language_model_figures write_figures training_speed attention_at_scale exercise_figures lighthouse_scores before_after)
        for name in "${benchmarks[@]}"; do
            log "measuring: site_examples.benchmarks.$name"
            .venv/bin/python -m "site_examples.benchmarks.$name" || log "NOTE: site_examples.benchmarks.$name stopped with an error (above); the others go on"
        done
        ;;
    *)
        sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' >&2
        exit 2
        ;;
esac
