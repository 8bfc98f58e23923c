"""The course's examples and the code that makes and measures the site, importable from the repository root.

- the notebooks, ``site_examples/*.py`` with hyphenated names (``why-scale.py``,
  ``attention-in-a-real-model.py``): jupytext percent files that mkdocs-jupyter
  executes and renders at ``examples/`` on every build; not modules, never
  imported, and the only files of this folder the site publishes;
- :mod:`site_examples.cell`: what running one lesson block means, shared by the
  Sybil tests (``conftest.py``), the generators and the page's Pyodide worker
  (the build publishes it at ``runner/cell.py``);
- :mod:`site_examples.generate`: the scripts that write what the site shows or
  the tests compare against (the lesson figures, the lessons' output blocks,
  the lab's preset data, the pretrained model's reference numbers);
- :mod:`site_examples.benchmarks`: the measurements behind the figures the docs
  quote (attention at scale on the CPU; the in-page runner, the lab and the
  pretrained model in headless Chromium);
- :mod:`site_examples.browser`: the one set-up of headless Chromium and of the
  loopback web server for a built site, for the browser benchmarks and the
  browser tests.

Run a script as a module from the repository root, for example
``.venv/bin/python -m site_examples.generate.figures OUT_DIR``.
"""
