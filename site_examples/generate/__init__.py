"""Scripts that write what the site shows or the tests check; each runs as ``python -m site_examples.generate.NAME``.

- :mod:`.figures`: the lessons' figures (SVG), drawn at every build by ``overrides/hooks/figures.py``;
- :mod:`.outputs`: rewrites the ```output blocks of lesson pages with what their code prints;
- :mod:`.visualizer_data`: the lab's preset data, ``docs/data/visualizer-presets.json``;
- :mod:`.minilm_fixture`: the reference numbers of all-MiniLM-L6-v2, ``tests/unit/data/minilm_reference.json``
  (needs PyTorch, in an environment of its own).
"""
