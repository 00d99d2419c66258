"""The YAML loader every reader of data/ uses: libyaml's safe loader where PyYAML was built with
it (about ten times faster on data/ than PyYAML's own, the same documents), else PyYAML's own."""

from __future__ import annotations

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
