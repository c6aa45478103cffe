"""Reading the kit's pictures in tests."""

SVG = "{http://www.w3.org/2000/svg}"


def svg_texts(root):
    """Each <text> of a picture: its whole string, its attributes, and where its spans start (pixels)."""
    return [("".join(text.itertext()), text.attrib, [float(span.get("x")) for span in text.iter(SVG + "tspan")])
            for text in root.iter(SVG + "text")]
