"""The picture of a screen (picture.py): from pyte screens fed by hand, what each cell becomes;
from the real program, a picture a real SVG renderer draws."""
import os
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree

import pyte
import pytest
from drawing import SVG, svg_texts
from PIL import Image

from pytest_toastercli import picture

FORCED_TITLE = "신규 기능 업데이트 알림"


def drawn(output, cols=20, rows=3, title="t"):
    screen = pyte.Screen(cols, rows)
    pyte.Stream(screen).feed(output)
    return ElementTree.fromstring(picture.svg(screen, title))


def rects(root):
    return [rect.attrib for rect in root.iter(SVG + "rect")]


def column(x):
    return (x - picture.MARGIN) // picture.CELL_WIDTH


def test_the_picture_has_the_terminals_size_and_says_it():
    root = drawn("hi", cols=33, rows=7, title="test_a.py::test_b")
    assert (int(root.get("width")), int(root.get("height"))) == picture.size(33, 7) == (
        33 * picture.CELL_WIDTH + 2 * picture.MARGIN, 7 * picture.CELL_HEIGHT + 2 * picture.MARGIN)
    assert (root.get("data-cols"), root.get("data-rows")) == ("33", "7")
    assert root.find(SVG + "title").text == "test_a.py::test_b (33x7)"


def test_colours_as_pyte_holds_them_default_8_bright_256_and_true_colour():
    root = drawn("plain \x1b[31mred\x1b[0m \x1b[94mblue\x1b[0m\r\n\x1b[38;5;214mor\x1b[0m \x1b[48;2;1;2;3mtc\x1b[0m")
    fills = {text: attributes["fill"] for text, attributes, _ in svg_texts(root)}
    assert fills == {"plain": "#" + picture.DEFAULT_FG, "red": "#cd0000", "blue": "#5c5cff", "or": "#ffaf00",
                     "tc": "#" + picture.DEFAULT_FG}
    assert {"x": str(picture.MARGIN + 3 * picture.CELL_WIDTH), "y": str(picture.MARGIN + picture.CELL_HEIGHT),
            "width": str(2 * picture.CELL_WIDTH), "height": str(picture.CELL_HEIGHT), "fill": "#010203"} in rects(root)


def test_reverse_video_swaps_the_colours_and_bold_and_underline_are_drawn():
    root = drawn("\x1b[7m[ OK ]\x1b[0m \x1b[1mB\x1b[0m \x1b[4mU\x1b[0m")
    (focus, focus_attributes, _), (bold, bold_attributes, _), (under, _, _) = svg_texts(root)
    assert (focus, focus_attributes["class"], focus_attributes["fill"]) == ("[ OK ]", "reverse", "#" + picture.DEFAULT_BG)
    background = {"x": str(picture.MARGIN), "y": str(picture.MARGIN), "width": str(6 * picture.CELL_WIDTH),
                  "height": str(picture.CELL_HEIGHT), "fill": "#" + picture.DEFAULT_FG}
    assert background in rects(root)
    assert (bold, bold_attributes["class"]) == ("B", "bold")
    assert [rect["x"] for rect in rects(root) if rect.get("class") == "underscore"] == [
        str(picture.MARGIN + 9 * picture.CELL_WIDTH)]


def test_hangul_and_kana_take_two_cells_and_a_sentence_stays_one_string():
    root = drawn("[ 업데이트 ] カナ!")
    (text, _, starts), = svg_texts(root)
    assert text == "[ 업데이트 ] カナ!"
    # [ at 0, 업데이트 from 2 to 9, ] at 11, カナ from 13 to 16, ! at 17
    assert [column(int(x)) for x in starts] == [0, 2, 11, 13, 17]


def test_the_cursor_is_drawn_where_it_is_unless_hidden():
    cursor = [rect for rect in rects(drawn("ab\r\nc")) if rect.get("class") == "cursor"]
    assert [(column(round(float(rect["x"]))), rect["y"]) for rect in cursor] == [
        (1, str(picture.MARGIN + picture.CELL_HEIGHT) + ".5")]
    assert not [rect for rect in rects(drawn("ab\x1b[?25l")) if rect.get("class") == "cursor"]


def test_box_lines_are_shapes_and_the_text_inside_stays_text():
    root = drawn("┌──┐\r\n│hi│\r\n└──┘", cols=4)
    assert [text for text, _, _ in svg_texts(root)] == ["hi"]
    assert len(list(root.iter(SVG + "path"))) == 3


def test_what_xml_cannot_hold_is_replaced_and_a_colour_out_of_range_is_the_default():
    root = drawn("a\ud800b\ufffe \x1b[38;2;300;1;1mbad\x1b[0m <&>")
    # Drawn alike, the cells make one run.
    assert [(text, attributes["fill"]) for text, attributes, _ in svg_texts(root)] == [
        ("a\ufffdb\ufffd bad <&>", "#" + picture.DEFAULT_FG)]


def test_a_picture_renders_in_rsvg_at_the_screens_size(toaster, tmp_path):
    converter = shutil.which("rsvg-convert")
    if converter is None:
        message = "rsvg-convert is missing (Debian's librsvg2-bin; scripts/test installs it)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    app = toaster(cols=100, rows=30)
    app.wait_for_alert("forced")
    drawn = app.screenshot(tmp_path / "forced.svg")
    png = tmp_path / "forced.png"
    done = subprocess.run([converter, str(drawn), "-o", str(png)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stderr, done.stderr
    with Image.open(png) as image:
        assert image.size == picture.size(100, 30)
        pixels = image.convert("RGB")
        assert pixels.getpixel((1, 1)) == tuple(bytes.fromhex(picture.DEFAULT_BG)), "the margin is the background"
        assert len(pixels.getcolors(maxcolors=1 << 24)) > 2, "more than the background and one colour"


def test_a_screenshot_is_an_svg(toaster, tmp_path):
    app = toaster()
    app.wait_for_alert()
    with pytest.raises(ValueError, match="a screenshot is an SVG picture: name it .svg, not 'forced.png'"):
        app.screenshot(tmp_path / "forced.png")
    drawn = app.screenshot(tmp_path / "pictures" / "forced.svg")
    assert drawn == (tmp_path / "pictures" / "forced.svg").resolve()
    assert FORCED_TITLE in [text for text, _, _ in svg_texts(ElementTree.parse(drawn).getroot())]
