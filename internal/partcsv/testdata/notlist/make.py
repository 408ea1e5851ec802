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


def not_list(list_, items):
    def msg(what):
        return f"Bu dosya {what}, {list_} değil; {items} CSV, metin ya da Excel (.xlsx) dosyası olarak verin."
    return msg


ODS = "OpenDocument hesap tablosu (.ods) okunamıyor: LibreOffice'te Excel (.xlsx) ya da CSV olarak kaydedin."

# name, bytes, what it looks like (None: ODS's own message)
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
    ("a zip of a CSV list", zipped([("parcalar.csv", "Ad;Genişlik;Yükseklik;Adet\nKapak;45,5;70;2\n", D)]), "bir zip arşivi"),
    ("an RTF document", b"{\\rtf1\\ansi\\ansicpg1254\\deff0 {\\fonttbl{\\f0 Calibri;}}\\f0 Ad;Geni\\'f0lik;Y\\'fckseklik;Adet\\par}", "bir RTF belgesi"),
    ("a web page, as Excel saves one", b'<html xmlns:o="urn:schemas-microsoft-com:office:office">\r\n<head><meta charset="utf-8"></head><body><table><tr><td>Ad</td><td>Geni\xc5\x9flik</td></tr></table></body></html>', "bir web sayfası (HTML)"),
    ("an HTML page with a doctype, after a BOM", "\ufeff<!DOCTYPE html>\n<html lang=\"tr\"><body>Ad;Genişlik</body></html>".encode(), "bir web sayfası (HTML)"),
    ("a binary file: NULs in its first bytes", bytes(range(256)) * 2, "metin olmayan (ikili) bir dosya"),
    ("a binary file after a text start", b"Ad;Genislik;Yukseklik;Adet\nKapak;45,5;70;2\n\x00\x01\x02\x03", "metin olmayan (ikili) bir dosya"),
    ("UTF-16 without a byte order mark, which neither reads", "Ad\tGenişlik\tYükseklik\tAdet\nKapak\t45,5\t70\t2\n".encode("utf-16-le"), "metin olmayan (ikili) bir dosya"),
    ("UTF-16 with a mark holding control characters", b"\xff\xfe" + "Ad\x01\x02\x03".encode("utf-16-le"), "metin olmayan (ikili) bir dosya"),
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
        out.append({"name": name, "base64": b64(data), "message": ODS if what is None else msg(what)})
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
         " archive), is refused whole with message, said alike by both; the others are read to %s (none given: read, whatever"
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
