# The failing cases (a timeout's message, the saved artifacts, a snapshot's diff) run as inner
# pytest sessions, which pytester runs and reports on.
pytest_plugins = ["pytester"]
