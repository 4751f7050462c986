"""Read a draw.io file safely into plain cells.

A diagram may come from anyone, so the parser is hardened: no DTD and no entity expansion
("billion laughs", external entities), no network access, lxml's default tree limits
(``huge_tree=False``), a size limit on the file and on the inflated page
(:mod:`engine.io.input_limits`), only regular files (:mod:`engine.io.untrusted`: a FIFO never
blocks), and a refusal of any ``<!DOCTYPE``. Both page forms draw.io writes are read: plain XML
(``<diagram><mxGraphModel>``) and compressed text (base64 of raw deflate of the URL-encoded XML).

Every failure is a :class:`DiagramError` saying what is wrong; nothing else escapes.
"""

from __future__ import annotations

import base64
import binascii
import math
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from lxml import etree

from engine.errors import DiagramError, UnreadableFile
from engine.io.input_limits import MAX_DRAWIO_BYTES
from engine.io.input_limits import MAX_DRAWIO_INFLATED_BYTES as MAX_INFLATED_BYTES
from engine.io.untrusted import read_bytes

#: Attributes of draw.io's ``<object>`` wrapper that are draw.io's own, not custom properties.
_WRAPPER_OWN = frozenset({"id", "label", "placeholders", "tooltip", "link"})


@dataclass
class Cell:
    """One draw.io cell, flattened: the ``<object>`` wrapper's data plus its ``mxCell``."""

    id: str
    kind: str  # "vertex", "edge" or "other" (the root cells, layers)
    label: str = ""
    properties: dict[str, str] = field(default_factory=dict)
    style: str = ""
    parent: str | None = None
    source: str | None = None
    target: str | None = None
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0
    points: list[tuple[float, float]] = field(default_factory=list)

    def style_has(self, name: str) -> bool:
        """Whether the style names ``name`` as a shape keyword (``text;…``) or key."""
        for part in self.style.split(";"):
            key = part.split("=", 1)[0].strip()
            if key == name or part.strip() == f"shape={name}":
                return True
        return False


@dataclass
class Diagram:
    """The first page of a draw.io file: its name and cells in file order."""

    name: str
    cells: dict[str, Cell]
    #: how many pages the file has (only the first is read)
    pages: int = 1

    def vertices(self) -> list[Cell]:
        return [cell for cell in self.cells.values() if cell.kind == "vertex"]

    def edges(self) -> list[Cell]:
        return [cell for cell in self.cells.values() if cell.kind == "edge"]

    def absolute_position(self, cell: Cell) -> tuple[float, float]:
        """A vertex's position on the page: draw.io stores children relative to their group."""
        x, y = cell.x, cell.y
        seen = {cell.id}
        parent = self.cells.get(cell.parent or "")
        while parent is not None and parent.kind == "vertex" and parent.id not in seen:
            seen.add(parent.id)
            x, y = x + parent.x, y + parent.y
            parent = self.cells.get(parent.parent or "")
        return x, y


def read_drawio(source: Path | str | bytes) -> Diagram:
    """Parse a draw.io file (a path, or its bytes) into its first page's cells."""
    data = _read_bytes(source)
    document = _parse_xml(data, what="the file")
    if document.tag == "mxGraphModel":
        return _diagram("", document)
    if document.tag != "mxfile":
        raise DiagramError(f"not a draw.io file: the root element is <{document.tag}>")
    pages = document.findall("diagram")
    if not pages:
        raise DiagramError("the draw.io file has no page (<diagram>)")
    page = pages[0]
    name = page.get("name", "")
    model = page.find("mxGraphModel")
    if model is None:
        text = (page.text or "").strip()
        if not text:
            raise DiagramError(f"page {name!r} is empty")
        model = _parse_xml(inflate_page(text).encode("utf-8"), what=f"page {name!r}")
        if model.tag != "mxGraphModel":
            raise DiagramError(f"page {name!r} does not hold an <mxGraphModel>")
    diagram = _diagram(name, model)
    diagram.pages = len(pages)
    return diagram


def inflate_page(text: str) -> str:
    """Undo draw.io's page compression: base64 → raw inflate → URL-decoding."""
    try:
        raw = base64.b64decode(text, validate=False)
    except (binascii.Error, ValueError) as error:
        raise DiagramError(f"the compressed page is not base64 ({error})") from None
    inflater = zlib.decompressobj(-15)
    try:
        inflated = inflater.decompress(raw, MAX_INFLATED_BYTES)
    except zlib.error as error:
        raise DiagramError(f"the compressed page cannot be inflated ({error})") from None
    if inflater.unconsumed_tail:
        raise DiagramError(
            f"the compressed page inflates to more than {MAX_INFLATED_BYTES // 2**20} MB"
        )
    try:
        return unquote(inflated.decode("utf-8"))
    except UnicodeDecodeError:
        raise DiagramError("the compressed page is not UTF-8 text") from None


def _read_bytes(source: Path | str | bytes) -> bytes:
    if isinstance(source, bytes):
        data = source
    else:
        path = Path(source)
        try:
            data = read_bytes(path, limit=MAX_DRAWIO_BYTES, what="the diagram")
        except UnreadableFile as error:
            if error.reason == "missing":
                raise DiagramError(f"{path}: no such file") from None
            raise DiagramError(f"{path}: {error.message}") from None
    if len(data) > MAX_DRAWIO_BYTES:
        raise DiagramError(f"the diagram is too large ({len(data)} bytes)")
    return data


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        huge_tree=False,
        load_dtd=False,
        dtd_validation=False,
        remove_comments=True,
        remove_pis=True,
    )


def _parse_xml(data: bytes, *, what: str) -> etree._Element:
    # "<" never appears raw in draw.io's attributes or text, so this finds only real markup.
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise DiagramError(f"{what} declares a DTD or entities, which draw.io never writes")
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as error:
        line = f" (line {error.lineno})" if error.lineno else ""
        raise DiagramError(f"{what} is not valid XML{line}: {error.msg}") from None
    if root is None:
        raise DiagramError(f"{what} is empty")
    if getattr(root.getroottree().docinfo, "doctype", ""):
        raise DiagramError(f"{what} declares a DTD, which draw.io never writes")
    return root


def _diagram(name: str, model: etree._Element) -> Diagram:
    root = model.find("root")
    if root is None:
        raise DiagramError("the page has no <root> of cells")
    cells: dict[str, Cell] = {}
    for element in root:
        if not isinstance(element.tag, str):
            continue
        cell = _cell(element)
        if cell is None:
            continue
        if cell.id in cells:
            raise DiagramError("two cells share this id", cell_id=cell.id)
        cells[cell.id] = cell
    return Diagram(name, cells)


def _cell(element: etree._Element) -> Cell | None:
    if element.tag == "mxCell":
        wrapper: etree._Element | None = None
        inner = element
    elif element.tag in ("object", "UserObject"):
        wrapper = element
        found = element.find("mxCell")
        if found is None:
            raise DiagramError("an <object> without its <mxCell>", cell_id=element.get("id"))
        inner = found
    else:
        return None
    cell_id = (wrapper if wrapper is not None else inner).get("id")
    if not cell_id:
        raise DiagramError("a cell has no id")
    if wrapper is not None:
        label = wrapper.get("label", "")
        properties = {
            str(key): str(value) for key, value in wrapper.attrib.items() if key not in _WRAPPER_OWN
        }
    else:
        label = inner.get("value", "")
        properties = {}
    kind = "other"
    if inner.get("vertex") == "1":
        kind = "vertex"
    elif inner.get("edge") == "1":
        kind = "edge"
    cell = Cell(
        id=cell_id,
        kind=kind,
        label=_plain_label(label, inner.get("style", "")),
        properties=properties,
        style=inner.get("style", ""),
        parent=inner.get("parent"),
        source=inner.get("source"),
        target=inner.get("target"),
    )
    geometry = inner.find("mxGeometry")
    if geometry is not None:
        cell.x = _number(geometry.get("x"), cell_id)
        cell.y = _number(geometry.get("y"), cell_id)
        cell.width = _number(geometry.get("width"), cell_id)
        cell.height = _number(geometry.get("height"), cell_id)
        for point in geometry.iterfind("Array/mxPoint"):
            cell.points.append((_number(point.get("x"), cell_id), _number(point.get("y"), cell_id)))
    return cell


def _number(text: str | None, cell_id: str) -> float:
    if text is None or not text.strip():
        return 0.0
    try:
        value = float(text)
    except ValueError:
        raise DiagramError(f"{text!r} is not a number", cell_id=cell_id) from None
    if not math.isfinite(value):
        raise DiagramError(f"{text!r} is not a finite number", cell_id=cell_id)
    return value


def _plain_label(label: str, style: str) -> str:
    """The text of a label; draw.io writes HTML labels (``html=1``) when an author turns
    formatted text on, so line breaks are kept and tags dropped."""
    if "html=1" not in style.replace(" ", ""):
        return label
    from lxml import html as lxml_html

    spaced = label.replace("<br>", "\n").replace("<br/>", "\n").replace("</div>", "</div>\n")
    try:
        fragment = lxml_html.fragment_fromstring(spaced, create_parent="div")
    except etree.ParserError:
        return label
    return str(fragment.text_content()).strip()


__all__ = [
    "MAX_DRAWIO_BYTES",
    "MAX_INFLATED_BYTES",
    "Cell",
    "Diagram",
    "inflate_page",
    "read_drawio",
]
