package dxf

import "strconv"

// The DXF R2000 (AC1015) skeleton around the drawing: header, classes,
// tables, blocks and objects. It holds what AutoCAD needs to open a file
// without a repair prompt (ezdxf's "Minimal DXF Content" lists it) and little
// more: every table, the *Model_Space and *Paper_Space blocks, a root
// dictionary with ACAD_GROUP, and the layouts that the block records point to.

// Handles of the fixed objects. Entities take handles after the last layer.
const (
	hVPortTable uint64 = 1 + iota
	hLTypeTable
	hLayerTable
	hStyleTable
	hViewTable
	hUCSTable
	hAppIDTable
	hDimStyleTable
	hBlockRecordTable
	hVPortActive
	hLTypeByBlock
	hLTypeByLayer
	hLTypeContinuous
	hStyleStandard
	hAppIDACAD
	hDimStyleStandard
	hModelRecord
	hPaperRecord
	hModelBlock
	hModelEndBlk
	hPaperBlock
	hPaperEndBlk
	hRootDict
	hGroupDict
	hLayoutDict
	hModelLayout
	hPaperLayout
	hFirstLayer // layers[i] has handle hFirstLayer+i
)

// Layer names, as the specification lists them.
const (
	LayerBoundary    = "CUTTING_BOUNDARY" // the sheet outline only: one closed polyline per sheet
	LayerGrid        = "GRID"             // a line every 5 cm across the sheet, every second one darker
	LayerParts       = "CUTTING_PARTS"    // one closed polyline per part
	LayerCornerMarks = "CORNER_MARKS"     // an L at each corner of each part
	LayerCenterMarks = "CENTER_MARKS"     // a cross at each part's centre
	LayerPartInfo    = "PART_INFO"        // part name and size, the sheet's title
	LayerDimensions  = "DIMENSIONS"       // the sheet's width and height
	LayerSequence    = "SEQUENCE"         // part numbers 1, 2, ...; a guillotine layout's cuts K1, K2, ...
	// LayerBand holds a line along every banded edge of a part, as it
	// lies on the sheet, coloured by band code, and the legend of the
	// codes. A file has it only when a part in it is banded.
	LayerBand = "BANT"
)

// colorBandLayer is the BANT layer's colour (ACI orange); each code's lines
// have their own colour (bandColors).
const colorBandLayer = 30

// layer is a layer of the file with its ACI colour.
type layer struct {
	name  string
	color int
}

// layers are the file's layers with their ACI colours; "0" must exist.
var layers = []layer{
	{"0", 7},
	{LayerBoundary, 7},
	{LayerGrid, colorGridMinor},
	{LayerParts, 3},
	{LayerCornerMarks, 1},
	{LayerCenterMarks, 4},
	{LayerPartInfo, 7},
	{LayerDimensions, 5},
	{LayerSequence, 6},
}

// tag is one group code and its value, already formatted.
type tag struct {
	code  int
	value string
}

func num(v float64) string { return string(appendNum(nil, v)) }

// record is one symbol table record.
type record struct {
	handle   uint64
	subclass string
	name     string
	tags     []tag // after the name and the standard flags (70)
}

// symbolTable is one table of the TABLES section.
type symbolTable struct {
	name     string
	handle   uint64
	extra    []tag // after the standard table head (DIMSTYLE has its own subclass)
	records  []record
	recordID int // the group code of a record's handle: 5, but 105 in DIMSTYLE
}

// tables returns the TABLES section's content for a drawing whose extents
// are ext, so that the file opens zoomed to the whole drawing.
func tables(ext box, layers []layer) []symbolTable {
	width, height := ext.maxX-ext.minX, ext.maxY-ext.minY
	layerRecords := make([]record, len(layers))
	for i, l := range layers {
		layerRecords[i] = record{hFirstLayer + uint64(i), "AcDbLayerTableRecord", l.name,
			[]tag{{62, strconv.Itoa(l.color)}, {6, "Continuous"}, {370, "-3"}}}
	}
	return []symbolTable{
		{name: "VPORT", handle: hVPortTable, records: []record{{hVPortActive, "AcDbViewportTableRecord", "*Active", []tag{
			{10, "0"}, {20, "0"}, {11, "1"}, {21, "1"},
			{12, num(ext.minX + width/2)}, {22, num(ext.minY + height/2)},
			{13, "0"}, {23, "0"}, {14, "1"}, {24, "1"}, {15, "10"}, {25, "10"},
			{16, "0"}, {26, "0"}, {36, "1"}, {17, "0"}, {27, "0"}, {37, "0"},
			{40, num(height * 1.1)}, {41, num(max(width/height, 0.01))}, {42, "50"},
			{43, "0"}, {44, "0"}, {50, "0"}, {51, "0"},
			{71, "0"}, {72, "1000"}, {73, "1"}, {74, "3"}, {75, "0"}, {76, "0"}, {77, "0"}, {78, "0"},
		}}}},
		{name: "LTYPE", handle: hLTypeTable, records: []record{
			{hLTypeByBlock, "AcDbLinetypeTableRecord", "ByBlock", []tag{{3, ""}, {72, "65"}, {73, "0"}, {40, "0"}}},
			{hLTypeByLayer, "AcDbLinetypeTableRecord", "ByLayer", []tag{{3, ""}, {72, "65"}, {73, "0"}, {40, "0"}}},
			{hLTypeContinuous, "AcDbLinetypeTableRecord", "Continuous", []tag{{3, "Solid line"}, {72, "65"}, {73, "0"}, {40, "0"}}},
		}},
		{name: "LAYER", handle: hLayerTable, records: layerRecords},
		// Arial, not AutoCAD's default txt.shx, which has no ğ, ş, ı, İ, Ğ, Ş.
		{name: "STYLE", handle: hStyleTable, records: []record{{hStyleStandard, "AcDbTextStyleTableRecord", "Standard", []tag{
			{40, "0"}, {41, "1"}, {50, "0"}, {71, "0"}, {42, "2.5"}, {3, "arial.ttf"}, {4, ""},
		}}}},
		{name: "VIEW", handle: hViewTable},
		{name: "UCS", handle: hUCSTable},
		{name: "APPID", handle: hAppIDTable, records: []record{{hAppIDACAD, "AcDbRegAppTableRecord", "ACAD", nil}}},
		{name: "DIMSTYLE", handle: hDimStyleTable, extra: []tag{{100, "AcDbDimStyleTable"}}, recordID: 105,
			records: []record{{hDimStyleStandard, "AcDbDimStyleTableRecord", "Standard", []tag{
				{40, "1"}, {41, "0.25"}, {42, "0.0625"}, {43, "0.375"}, {44, "0.125"},
				{140, "0.25"}, {141, "0.25"}, {147, "0.0625"}, {77, "1"}, {78, "8"}, {271, "2"}, {272, "2"},
			}}}},
		{name: "BLOCK_RECORD", handle: hBlockRecordTable, records: []record{
			{hModelRecord, "AcDbBlockTableRecord", "*Model_Space", []tag{{340, hex(hModelLayout)}}},
			{hPaperRecord, "AcDbBlockTableRecord", "*Paper_Space", []tag{{340, hex(hPaperLayout)}}},
		}},
	}
}

func hex(h uint64) string { return string(bytesUpper(strconv.AppendUint(nil, h, 16))) }

// writeHeader writes the HEADER section. handseed is the first handle no
// object has, as AutoCAD requires.
func (t *tagWriter) writeHeader(handseed uint64) {
	t.section("HEADER")
	e := t.ext
	vars := []struct {
		name string
		tags []tag
	}{
		{"$ACADVER", []tag{{1, "AC1015"}}},
		{"$DWGCODEPAGE", []tag{{3, "ANSI_1254"}}}, // Turkish, see text
		{"$INSBASE", []tag{{10, "0"}, {20, "0"}, {30, "0"}}},
		{"$EXTMIN", []tag{{10, num(e.minX)}, {20, num(e.minY)}, {30, "0"}}},
		{"$EXTMAX", []tag{{10, num(e.maxX)}, {20, num(e.maxY)}, {30, "0"}}},
		{"$LIMMIN", []tag{{10, num(e.minX)}, {20, num(e.minY)}}},
		{"$LIMMAX", []tag{{10, num(e.maxX)}, {20, num(e.maxY)}}},
		{"$TEXTSTYLE", []tag{{7, "Standard"}}},
		{"$CLAYER", []tag{{8, "0"}}},
		{"$LUNITS", []tag{{70, "2"}}}, // decimal
		{"$LUPREC", []tag{{70, "2"}}}, // shown to 0.01 cm
		{"$MEASUREMENT", []tag{{70, "1"}}},
		{"$INSUNITS", []tag{{70, "5"}}}, // centimetres
		{"$HANDSEED", []tag{{5, hex(handseed)}}},
	}
	for _, v := range vars {
		t.str(9, v.name)
		t.tags(v.tags)
	}
	t.str(0, "ENDSEC")
}

func (t *tagWriter) tags(tags []tag) {
	for _, g := range tags {
		t.str(g.code, g.value)
	}
}

func (t *tagWriter) section(name string) {
	t.str(0, "SECTION")
	t.str(2, name)
}

// writeClasses declares LAYOUT, the one object class the file uses that is
// not built into DXF.
func (t *tagWriter) writeClasses() {
	t.section("CLASSES")
	t.tags([]tag{{0, "CLASS"}, {1, "LAYOUT"}, {2, "AcDbLayout"}, {3, "ObjectDBX Classes"}, {90, "0"}, {280, "0"}, {281, "0"}})
	t.str(0, "ENDSEC")
}

func (t *tagWriter) writeTables(tables []symbolTable) {
	t.section("TABLES")
	for _, tb := range tables {
		t.str(0, "TABLE")
		t.str(2, tb.name)
		t.handle(5, tb.handle)
		t.handle(330, 0)
		t.str(100, "AcDbSymbolTable")
		t.int(70, len(tb.records))
		t.tags(tb.extra)
		for _, r := range tb.records {
			t.str(0, tb.name)
			t.handle(max(tb.recordID, 5), r.handle)
			t.handle(330, tb.handle)
			t.str(100, "AcDbSymbolTableRecord")
			t.str(100, r.subclass)
			t.str(2, r.name)
			t.int(70, 0)
			t.tags(r.tags)
		}
		t.str(0, "ENDTAB")
	}
	t.str(0, "ENDSEC")
}

// writeBlocks writes the two empty blocks every R2000 file has; the model
// space's content is in the ENTITIES section.
func (t *tagWriter) writeBlocks() {
	t.section("BLOCKS")
	for _, b := range []struct {
		name                 string
		record, begin, endBk uint64
	}{
		{"*Model_Space", hModelRecord, hModelBlock, hModelEndBlk},
		{"*Paper_Space", hPaperRecord, hPaperBlock, hPaperEndBlk},
	} {
		t.entityHead("BLOCK", b.begin, b.record, "0")
		t.str(100, "AcDbBlockBegin")
		t.str(2, b.name)
		t.int(70, 0)
		t.tags([]tag{{10, "0"}, {20, "0"}, {30, "0"}})
		t.str(3, b.name)
		t.str(1, "")
		t.entityHead("ENDBLK", b.endBk, b.record, "0")
		t.str(100, "AcDbBlockEnd")
	}
	t.str(0, "ENDSEC")
}

// writeObjects writes the root dictionary, the empty group dictionary and
// the model and paper space layouts.
func (t *tagWriter) writeObjects() {
	t.section("OBJECTS")
	dict := func(handle, owner uint64, entries ...struct {
		name string
		h    uint64
	}) {
		t.str(0, "DICTIONARY")
		t.handle(5, handle)
		t.handle(330, owner)
		t.str(100, "AcDbDictionary")
		t.int(281, 1)
		for _, e := range entries {
			t.str(3, e.name)
			t.handle(350, e.h)
		}
	}
	type entry = struct {
		name string
		h    uint64
	}
	dict(hRootDict, 0, entry{"ACAD_GROUP", hGroupDict}, entry{"ACAD_LAYOUT", hLayoutDict})
	dict(hGroupDict, hRootDict)
	dict(hLayoutDict, hRootDict, entry{"Model", hModelLayout}, entry{"Layout1", hPaperLayout})
	for i, l := range []struct {
		handle, record uint64
		name           string
		flags          int
	}{
		{hModelLayout, hModelRecord, "Model", 1024},
		{hPaperLayout, hPaperRecord, "Layout1", 0},
	} {
		t.str(0, "LAYOUT")
		t.handle(5, l.handle)
		t.handle(330, hLayoutDict)
		t.str(100, "AcDbPlotSettings")
		// An A4 landscape page, 7.5 mm margins, plotted 1:1.
		t.tags([]tag{{1, ""}, {2, "none_device"}, {4, "ISO_A4_(297.00_x_210.00_MM)"}, {6, ""},
			{40, "7.5"}, {41, "20"}, {42, "7.5"}, {43, "20"}, {44, "297"}, {45, "210"},
			{46, "0"}, {47, "0"}, {48, "0"}, {49, "0"}, {140, "0"}, {141, "0"}, {142, "1"}, {143, "1"}})
		t.int(70, l.flags)
		t.tags([]tag{{72, "1"}, {73, "1"}, {74, "5"}, {7, ""}, {75, "16"}, {76, "0"}, {77, "2"}, {78, "300"},
			{147, "1"}, {148, "0"}, {149, "0"}})
		t.str(100, "AcDbLayout")
		t.str(1, l.name)
		t.int(70, 1)
		t.int(71, i) // tab order: Model first
		t.tags([]tag{{10, "0"}, {20, "0"}, {11, "297"}, {21, "210"}, {12, "0"}, {22, "0"}, {32, "0"},
			{14, "0"}, {24, "0"}, {34, "0"}, {15, "0"}, {25, "0"}, {35, "0"}, {146, "0"},
			{13, "0"}, {23, "0"}, {33, "0"}, {16, "1"}, {26, "0"}, {36, "0"}, {17, "0"}, {27, "1"}, {37, "0"},
			{76, "0"}})
		t.handle(330, l.record)
	}
	t.str(0, "ENDSEC")
}
