"""MkDocs hook: the build stops at once when the installed Material is not the release the theme adapter was traced on.

Everything the course assumes about Material for MkDocs is in
``site_examples/material_adapter.py`` and ``docs/javascripts/material-adapter.js``,
checked against one release by ``tests/site/test_material_contract.py``.
A different release may have changed any of it without a word, so the build
refuses it with the two versions named; "Maintaining the course" says how to
move the pin.
"""

from __future__ import annotations

import _build  # noqa: F401 - puts the checkout's packages on sys.path
from properdocs.config.defaults import ProperDocsConfig
from properdocs.exceptions import PluginError

from site_examples.material_adapter import MaterialVersionError, check_material_version


def on_config(config: ProperDocsConfig) -> ProperDocsConfig:
    try:
        check_material_version()
    except MaterialVersionError as error:
        raise PluginError(str(error)) from error
    return config
