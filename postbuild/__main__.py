"""``python -m postbuild SITE [--config mkdocs.yml]``: run the post-build pipeline over a built site.

``./dev.sh build`` runs it after ``properdocs build``; the context (:class:`postbuild.Context`) is read
from the configuration the site was built with, ``SITE_URL`` included, as the build read it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from postbuild import Context, StepError, run
from postbuild.shared import ROOT


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m postbuild", description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the folder the generator built (site/)")
    parser.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml", help="the configuration it was built with")
    args = parser.parse_args(argv)
    try:
        run(args.site, Context.from_config(args.config), log=lambda line: print(line, file=sys.stderr))
    except (StepError, FileNotFoundError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
