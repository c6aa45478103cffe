# The failing cases (a timeout's message, the saved artifacts, a snapshot's diff) run as inner
# pytest sessions, which pytester runs and reports on.
pytest_plugins = ["pytester"]

SVG = "{http://www.w3.org/2000/svg}"


def svg_texts(root):
    """Each <text> of a picture: its whole string, its attributes, and where its spans start (pixels)."""
    return [("".join(text.itertext()), text.attrib, [float(span.get("x")) for span in text.iter(SVG + "tspan")])
            for text in root.iter(SVG + "text")]
