"""The Build-it exercises' tests (a package, so that their module names do not clash with the browser tests')."""
