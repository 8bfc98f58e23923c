"""``python -m attention.models fetch`` downloads and caches the weights; ``... where`` says where they are."""

import sys

from .weights import main

sys.exit(main())
