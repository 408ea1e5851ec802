#!/usr/bin/python3
# Makes the workbooks of xlsxparity.json (read by kesim's Go and web
# readers): parts.xlsx and empty.xlsx by openpyxl (Debian's
# python3-openpyxl), handmade.xlsx from raw XML, as Excel writes the parts
# openpyxl does not (rich text, inline strings, formulas' cached values,
# cells without a reference, the first sheet not in sheet1.xml), and
# files that are not workbooks or are broken ones. Run from this folder: /usr/bin/python3 make.py
import zipfile

import openpyxl

wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Parçalar"
ws.append(["Ad", "Genişlik", "Yükseklik", "Adet", "Malzeme", "Kalınlık", "Damar", "Döndür"])
ws.append(["Kapak", 45.5, 70, 2, "Beyaz Sunta", 18, "dikey", False])
ws.append(["Yan dikme", 56, 72, 2, None, 18, None, True])
ws.append(["Raf", 40, 30.25, 3, "Beyaz Sunta", 18, "yok", None])
ws.append(["Tabla", 1450, 0.30000000000000004, 1])
ws.append([])
ws.append(["Çekmece önü ĞÜŞİÖÇ", 60.125, 14.999999999999998, 4])
notes = wb.create_sheet("Notlar")
notes.append(["Bu sayfa okunmaz", 1, 2])
wb.save("parts.xlsx")

wb = openpyxl.Workbook()
wb.save("empty.xlsx")

CT = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>"""
RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"""
# The first sheet, "Liste", is sheet2.xml (rId7); "Eski" (sheet1.xml) comes second.
WB = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Liste" sheetId="2" r:id="rId7"/><sheet name="Eski" sheetId="1" r:id="rId3"/></sheets></workbook>"""
WBRELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>"""
SST = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="6" uniqueCount="6"><si><t>Parça Adı</t></si><si><t>En (mm)</t></si><si><t>Boy (mm)</t></si><si><r><rPr><b/></rPr><t>Kapı </t></r><r><t>sol</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si><si><t xml:space="preserve">  Raf  </t></si><si><t>Adet</t></si></sst>"""
# Row 1 a header of shared strings; row 2 rich text, a number, a formula's
# cached number, a boolean; row 3 an inline string, a formula's cached
# string, a gap (no C3), an error; row 5 cells without a reference; row 6
# a double's noise (0.30000000000000004), exponents, a cell without a value;
# row 7, written before row 6, exact halves at the 11th decimal (2^-11),
# rounded away from zero as JavaScript's toFixed rounds them.
S2 = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>5</v></c><c r="E1" t="inlineStr"><is><t>Döndür</t></is></c></row>
<row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2"><v>455</v></c><c r="C2"><f>B2*2</f><v>910</v></c><c r="D2" t="n"><v>2</v></c><c r="E2" t="b"><v>1</v></c></row>
<row r="3"><c r="A3" t="inlineStr"><is><r><t>Ar</t></r><r><t>ka</t></r></is></c><c r="B3" t="str"><f>"8"&amp;"00"</f><v>800</v></c><c r="D3"><v>1E0</v></c><c r="E3" t="e"><v>#DIV/0!</v></c></row>
<row r="5"><c t="s"><v>4</v></c><c><v>300.5</v></c><c><v>-0</v></c><c r="F5"><v>7</v></c></row>
<row r="7"><c r="A7" t="inlineStr"><is><t>Yarım</t></is></c><c r="B7"><v>0.00048828125</v></c><c r="C7"><v>-0.00048828125</v></c></row>
<row r="6"><c r="A6" t="inlineStr"><is><t>Gürültü</t></is></c><c r="B6"><v>0.30000000000000004</v></c><c r="C6"><v>14.999999999999998</v></c><c r="D6"><v>2.5E-3</v></c><c r="E6"><v>1e-11</v></c><c r="F6"/></row>
</sheetData></worksheet>"""
S1 = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>okunmaz</t></is></c></row></sheetData></worksheet>"""

with zipfile.ZipFile("handmade.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("[Content_Types].xml", CT)
    z.writestr("_rels/.rels", RELS)
    z.writestr("xl/workbook.xml", WB)
    z.writestr("xl/_rels/workbook.xml.rels", WBRELS)
    z.writestr("xl/sharedStrings.xml", SST)
    z.writestr("xl/worksheets/sheet1.xml", S1)
    z.writestr("xl/worksheets/sheet2.xml", S2)

with zipfile.ZipFile("notworkbook.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("readme.txt", "bir zip, çalışma kitabı değil")

# A workbook's parts without its xl/workbook.xml: broken, not another
# kind of zip (notworkbook.xlsx, which the list readers name a zip).
with zipfile.ZipFile("broken.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("[Content_Types].xml", CT)
    z.writestr("_rels/.rels", RELS)
    z.writestr("xl/worksheets/sheet1.xml", S1)

with open("old.xls", "wb") as f:
    # An OLE2 compound file's header: Excel 97-2003 (.xls), or an .xlsx
    # saved with a password.
    f.write(bytes([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) + bytes(504))

def one_sheet(name, sheet):
    with zipfile.ZipFile(name, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", CT)
        z.writestr("_rels/.rels", RELS)
        z.writestr("xl/workbook.xml", WB.replace('<sheet name="Eski" sheetId="1" r:id="rId3"/>', ""))
        z.writestr("xl/_rels/workbook.xml.rels", WBRELS)
        z.writestr("xl/sharedStrings.xml", SST)
        z.writestr("xl/worksheets/sheet2.xml", sheet)

# A row past the most a list reads (100.001), a column past the 256th (IW):
# small files, refused before a grid is built.
HEAD = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"""
one_sheet("toomanyrows.xlsx", HEAD + """<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="100002"><c r="A100002"><v>1</v></c></row></sheetData></worksheet>""")
one_sheet("toomanycols.xlsx", HEAD + """<row r="1"><c r="A1" t="s"><v>0</v></c><c r="IW1"><v>1</v></c></row></sheetData></worksheet>""")

