#!/usr/bin/python3
# Makes the files section of parity.json and stockparity.json: files that
# are no list (a PDF, DXF drawings, photos, office documents, zips, binary
# files), which kesim nest and the web app's file imports refuse by one
# message naming what they look like, and text lists in the encodings both
# take (Windows-1254, UTF-16 with a byte order mark), which must not be
# taken for binary files. Each file is kept base64 encoded in the JSON.
# Run from this folder: /usr/bin/python3 make.py
import base64
import io
import json
import zipfile

STAMP = (2026, 1, 1, 0, 0, 0)


def zipped(entries):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w") as z:
        for name, data, method in entries:
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = method
            z.writestr(info, data)
    return b.getvalue()


D, S = zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED
CT = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'


NOSTREAM, ENDOFCHAIN, FATSECT, FREESECT = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF


def cfb(tree, shift=9):
    """A compound file (OLE2, as Office 97-2003 saves a document) laid out
    as [MS-CFB] has it: tree is the root storage's children, each (name,
    bytes) for a stream (under 4096 bytes: in the mini stream) or (name,
    [children]) for a storage. Sectors of 1 << shift bytes (9: version 3,
    12: version 4): the FAT, the mini FAT, the mini stream, then the
    directory, its sectors chained last to first, so that a reader must
    follow the FAT to read it."""
    size = 1 << shift
    entries = []

    def add(name, kind, data=b""):
        entries.append({"name": name, "kind": kind, "data": data, "left": NOSTREAM, "right": NOSTREAM, "child": NOSTREAM, "start": ENDOFCHAIN, "size": 0})
        return len(entries) - 1

    def fill(parent, children):
        ids = [add(name, 1) if isinstance(body, list) else add(name, 2, body) for name, body in children]
        for i, (name, body) in zip(ids, children):
            if isinstance(body, list):
                fill(i, body)
        # the siblings' tree, in the order of [MS-CFB] 2.6.4: shorter names first, then by upper case
        ids.sort(key=lambda i: (len(entries[i]["name"]), entries[i]["name"].upper()))

        def build(lo, hi):
            if lo >= hi:
                return NOSTREAM
            m = (lo + hi) // 2
            entries[ids[m]]["left"], entries[ids[m]]["right"] = build(lo, m), build(m + 1, hi)
            return ids[m]
        entries[parent]["child"] = build(0, len(ids))

    root = add("Root Entry", 5)
    fill(root, tree)
    # the streams, each in 64-byte mini sectors
    mini, minifat = b"", []
    for e in entries:
        if e["kind"] == 2 and e["data"]:
            assert len(e["data"]) < 4096
            n = (len(e["data"]) + 63) // 64
            e["start"], e["size"] = len(minifat), len(e["data"])
            minifat += [len(minifat) + i + 1 for i in range(n - 1)] + [ENDOFCHAIN]
            mini += e["data"].ljust(n * 64, b"\0")
    per = size // 4
    assert len(minifat) <= per
    mini_sectors = (len(mini) + size - 1) // size
    dir_sectors = (len(entries) * 128 + size - 1) // size
    total = 2 + mini_sectors + dir_sectors
    assert total <= per
    fat = [FATSECT, ENDOFCHAIN] + [2 + i + 1 for i in range(mini_sectors - 1)] + [ENDOFCHAIN]
    first_dir = total - 1
    fat += [ENDOFCHAIN] + [2 + mini_sectors + i for i in range(dir_sectors - 1)]
    entries[root]["start"], entries[root]["size"] = 2, len(mini)
    u32 = lambda v: v.to_bytes(4, "little")
    header = bytes.fromhex("d0cf11e0a1b11ae1") + bytes(16) + (0x3E).to_bytes(2, "little") + (3 if shift == 9 else 4).to_bytes(2, "little")
    header += b"\xfe\xff" + shift.to_bytes(2, "little") + (6).to_bytes(2, "little") + bytes(6)
    header += u32(0 if shift == 9 else dir_sectors) + u32(1) + u32(first_dir) + u32(0) + u32(4096) + u32(1) + u32(1) + u32(ENDOFCHAIN) + u32(0)
    header += u32(0) + b"".join(u32(FREESECT) for _ in range(108))
    assert len(header) == 512
    d = b""
    for e in entries:
        name = e["name"].encode("utf-16-le") + b"\0\0"
        d += name.ljust(64, b"\0") + len(name).to_bytes(2, "little") + bytes([e["kind"], 1])
        d += u32(e["left"]) + u32(e["right"]) + u32(e["child"]) + bytes(16 + 4 + 16) + u32(e["start"]) + e["size"].to_bytes(8, "little")
    d = d.ljust(dir_sectors * size, b"\0")
    dirs = [d[i * size:(i + 1) * size] for i in range(dir_sectors)]
    sectors = [b"".join(u32(x) for x in fat).ljust(size, b"\xff"), b"".join(u32(x) for x in minifat).ljust(size, b"\xff")]
    sectors += [mini[i * size:(i + 1) * size].ljust(size, b"\0") for i in range(mini_sectors)]
    sectors += list(reversed(dirs))
    return header.ljust(size, b"\0") + b"".join(sectors)


# The streams of an Office 97-2003 file: a Word document's, an Excel workbook's, a PowerPoint presentation's.
PROPS = [("\x05SummaryInformation", b"\xfe\xff\0\0" + bytes(44)), ("\x05DocumentSummaryInformation", b"\xfe\xff\0\0" + bytes(44)), ("\x01CompObj", b"\x01\0\xfe\xff" + bytes(60))]
WORKBOOK = [("Workbook", b"\x09\x08\x10\0\0\x06\x05\0" + bytes(120))] + PROPS
DOC = [("WordDocument", b"\xec\xa5\xc1\0" + bytes(200)), ("1Table", bytes(100))] + PROPS
# An Outlook message (.msg), as a parts list e-mailed and dragged out of Outlook is saved: its
# properties, subject and body at the top, the attached workbook in an attachment's storage.
MSG = [
    ("__properties_version1.0", bytes(32 + 16 * 4)),
    ("__substg1.0_0037001F", "Kesim listesi".encode("utf-16-le")),
    ("__substg1.0_1000001F", "Parça listesi ektedir.".encode("utf-16-le")),
    ("__nameid_version1.0", [("__substg1.0_00020102", bytes(16)), ("__substg1.0_00030102", bytes(8))]),
    ("__recip_version1.0_#00000000", [("__substg1.0_3001001F", "Atölye".encode("utf-16-le")), ("__properties_version1.0", bytes(8 + 16 * 2))]),
    ("__attach_version1.0_#00000000", [("__substg1.0_3707001F", "parcalar.xlsx".encode("utf-16-le")), ("__substg1.0_37010102", b"PK\x03\x04" + bytes(60)), ("__properties_version1.0", bytes(8 + 16 * 3))]),
]


def not_list(list_, items):
    def msg(what):
        return f"Bu dosya {what}, {list_} değil; {items} CSV, metin ya da Excel (.xlsx) dosyası olarak verin."
    return msg


ODS = "OpenDocument hesap tablosu (.ods) okunamıyor: LibreOffice'te Excel (.xlsx) ya da CSV olarak kaydedin."
XLS = "Eski Excel biçimi (.xls) ya da parolalı bir dosya okunamıyor: Excel'de parolasız .xlsx ya da CSV olarak kaydedin."

# name, bytes, what it looks like (None: ODS's own message; XLS: the workbook reader's, an old or password-protected workbook)
REFUSED = [
    ("a PDF", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n", "bir PDF belgesi"),
    ("a DXF as AutoCAD writes it (indented codes, CRLF)", b"  0\r\nSECTION\r\n  2\r\nHEADER\r\n  9\r\n$ACADVER\r\n  1\r\nAC1015\r\n  0\r\nENDSEC\r\n  0\r\nEOF\r\n", "bir DXF çizimi"),
    ("a DXF after a 999 comment, LF", b"999\nkesim\n0\nSECTION\n2\nENTITIES\n0\nLINE\n8\nKESIM\n10\n0\n20\n0\n11\n45,5\n21\n70\n0\nENDSEC\n0\nEOF\n", "bir DXF çizimi"),
    ("a binary DXF", b"AutoCAD Binary DXF\r\n\x1a\x00\x00\x00SECTION\x00", "bir DXF çizimi"),
    ("a DWG", b"AC1032\x00\x00\x00\x00\x00\x00\x03\x00" + bytes(range(64)), "bir DWG çizimi"),
    ("a PNG", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89", "bir PNG resmi"),
    ("a JPEG photo", b"\xff\xd8\xff\xe1\x00\x18Exif\x00\x00MM\x00*\x00\x00\x00\x08\x00\x00\x00\x00\x00\x00", "bir JPEG resmi"),
    ("a GIF", b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;", "bir GIF resmi"),
    ("a Word document", zipped([("[Content_Types].xml", CT, D), ("_rels/.rels", "<Relationships/>", D), ("word/document.xml", "<w:document/>", D)]), "bir Word belgesi (.docx)"),
    ("a PowerPoint presentation", zipped([("[Content_Types].xml", CT, D), ("ppt/presentation.xml", "<p:presentation/>", D)]), "bir PowerPoint sunusu (.pptx)"),
    ("an OpenDocument text", zipped([("mimetype", "application/vnd.oasis.opendocument.text", S), ("content.xml", "<office:document-content/>", D)]), "bir OpenDocument metin belgesi (.odt)"),
    ("an OpenDocument presentation", zipped([("mimetype", "application/vnd.oasis.opendocument.presentation", S), ("content.xml", "<office:document-content/>", D)]), "bir OpenDocument sunusu (.odp)"),
    ("an OpenDocument spreadsheet, by its own message", zipped([("mimetype", "application/vnd.oasis.opendocument.spreadsheet", S), ("content.xml", "<office:document-content/>", D)]), None),
    ("a Word 97-2003 document (.doc), an OLE2 file as an old Excel workbook is", cfb(DOC), "bir Word belgesi (.doc)"),
    ("a Word 97-2003 document with an Excel sheet in it: the streams at the directory's top tell", cfb(DOC + [("ObjectPool", [("_1234567890", WORKBOOK)])]), "bir Word belgesi (.doc)"),
    ("a Word 97-2003 document in 4096-byte sectors", cfb(DOC, 12), "bir Word belgesi (.doc)"),
    ("an Outlook message (.msg) with the list attached", cfb(MSG), "bir Outlook iletisi (.msg)"),
    ("a PowerPoint 97-2003 presentation (.ppt)", cfb([("PowerPoint Document", bytes(300)), ("Current User", bytes(40))] + PROPS), "bir PowerPoint sunusu (.ppt)"),
    ("a zip of a CSV list", zipped([("parcalar.csv", "Ad;Genişlik;Yükseklik;Adet\nKapak;45,5;70;2\n", D)]), "bir zip arşivi"),
    ("an RTF document", b"{\\rtf1\\ansi\\ansicpg1254\\deff0 {\\fonttbl{\\f0 Calibri;}}\\f0 Ad;Geni\\'f0lik;Y\\'fckseklik;Adet\\par}", "bir RTF belgesi"),
    ("a web page, as Excel saves one", b'<html xmlns:o="urn:schemas-microsoft-com:office:office">\r\n<head><meta charset="utf-8"></head><body><table><tr><td>Ad</td><td>Geni\xc5\x9flik</td></tr></table></body></html>', "bir web sayfası (HTML)"),
    ("an HTML page with a doctype, after a BOM", "\ufeff<!DOCTYPE html>\n<html lang=\"tr\"><body>Ad;Genişlik</body></html>".encode(), "bir web sayfası (HTML)"),
    ("a binary file: NULs in its first bytes", bytes(range(256)) * 2, "metin olmayan (ikili) bir dosya"),
    ("a binary file after a text start", b"Ad;Genislik;Yukseklik;Adet\nKapak;45,5;70;2\n\x00\x01\x02\x03", "metin olmayan (ikili) bir dosya"),
    ("UTF-16 without a byte order mark, which neither reads", "Ad\tGenişlik\tYükseklik\tAdet\nKapak\t45,5\t70\t2\n".encode("utf-16-le"), "metin olmayan (ikili) bir dosya"),
    ("UTF-16 with a mark holding control characters", b"\xff\xfe" + "Ad\x01\x02\x03".encode("utf-16-le"), "metin olmayan (ikili) bir dosya"),
    ("an Excel 97-2003 workbook (.xls), by the workbook reader's message", cfb(WORKBOOK), XLS),
    ("an Excel 5 workbook (its stream Book) with a Word document in it, by the workbook reader's message", cfb([("Book", bytes(100)), ("MBD0001", [("WordDocument", bytes(100))])] + PROPS), XLS),
    ("an .xlsx saved with a password, by the workbook reader's message", cfb([("EncryptionInfo", bytes(200)), ("EncryptedPackage", bytes(600))]), XLS),
    ("an OLE2 file whose directory cannot be read, by the workbook reader's message", bytes.fromhex("d0cf11e0a1b11ae1") + bytes(504), XLS),
]

PARTS = [{"name": "Çekmece önü ĞÜŞİÖÇ", "width": 45.5, "height": 70, "quantity": 2}, {"name": "Raf ışık", "width": 40, "height": 30, "quantity": 1}]
LIST = "Ad;Genişlik;Yükseklik;Adet\nÇekmece önü ĞÜŞİÖÇ;45,5;70;2\nRaf ışık;40;30;1\n"
TAB = LIST.replace(";", "\t")
TAKEN = [
    ("Windows-1254, as Turkish Excel saves a plain CSV", LIST.encode("cp1254"), PARTS),
    ("UTF-16 little-endian with its mark (Excel's Unicode text)", b"\xff\xfe" + TAB.encode("utf-16-le"), PARTS),
    ("UTF-16 big-endian with its mark", b"\xfe\xff" + TAB.encode("utf-16-be"), PARTS),
    ("UTF-8 with a BOM and CRLF", b"\xef\xbb\xbf" + LIST.replace("\n", "\r\n").encode(), PARTS),
    ("a form feed and a final ^Z are no binary file", ("\f" + LIST).encode("cp1254") + b"\x1a", None),
]

STOCK = [{"name": "Beyaz büyük", "material": "Beyaz Sunta", "thickness": 18, "width": 183, "height": 366, "quantity": 4}]
STOCK_LIST = "ad;malzeme;kalınlık;genişlik;yükseklik;adet\nBeyaz büyük;Beyaz Sunta;18;183;366;4\n"
STOCK_TAKEN = [
    ("Windows-1254, as Turkish Excel saves a plain CSV", STOCK_LIST.encode("cp1254"), STOCK),
    ("UTF-16 little-endian with its mark (Excel's Unicode text)", b"\xff\xfe" + STOCK_LIST.replace(";", "\t").encode("utf-16-le"), STOCK),
]


def b64(b):
    return base64.b64encode(b).decode()


def files(msg, taken, key):
    out = []
    for name, data, what in REFUSED:
        out.append({"name": name, "base64": b64(data), "message": ODS if what is None else what if what == XLS else msg(what)})
    for name, data, rows in taken:
        case = {"name": name, "base64": b64(data)}
        if rows is not None:
            case[key] = rows
        out.append(case)
    return out


ABOUT = (" files: files given as the list (kesim nest's file, the web's file import), base64 encoded (made by notlist/make.py):"
         " one that is no list, known by its first bytes (a PDF, a DXF or DWG drawing, a PNG, JPEG or GIF, an RTF or HTML page, a"
         " control character in its first 1.024 bytes but tab, line breaks, form feed and ^Z; in 16-bit units after a UTF-16 byte"
         " order mark) or a zip's entries (one with an xl/ folder is a workbook; word/, ppt/, an OpenDocument mimetype, else a zip"
         " archive) or an OLE2 file's streams at its directory's top (WordDocument, PowerPoint Document, an Outlook message's"
         " __properties_version1.0; Workbook, Book or any"
         " other is an old or password-protected workbook, refused by the workbook reader's message), is refused whole with"
         " message, said alike by both; the others are read to %s (none given: read, whatever"
         " their rows), so a Windows-1254 or UTF-16 list is never taken for a binary file.")

for path, msg, taken, key, indent in [
    ("../parity.json", not_list("parça listesi", "parçaları"), TAKEN, "parts", 1),
    ("../stockparity.json", not_list("levha listesi", "levhaları"), STOCK_TAKEN, "stock", 2),
]:
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    marker = " files: "
    about = d["about"]
    if marker in about:
        about = about[: about.index(marker)]
    d["about"] = about + ABOUT % key
    d["files"] = files(msg, taken, key)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(d, ensure_ascii=False, indent=indent) + "\n")
