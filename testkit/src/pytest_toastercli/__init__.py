"""pytest-toastercli: scripted tests of toastercli in a real pseudo-terminal (docs/11).

The plugin gives the `toaster` fixture; `App` and `Alert` are what it hands a test."""
from .app import KEYS, Alert, App, ToasterFailure
from .plugin import Toaster

__all__ = ["App", "Alert", "KEYS", "Toaster", "ToasterFailure"]
