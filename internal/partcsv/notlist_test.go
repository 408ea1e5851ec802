package partcsv

import (
	bin "encoding/binary"
	"reflect"
	"testing"
	"unicode/utf16"
)

// cfbEntry writes a directory entry at e: name, kind (5 root, 1 storage,
// 2 stream), left and right siblings and child.
func cfbEntry(e []byte, name string, kind byte, left, right, child uint32) {
	units := utf16.Encode([]rune(name))
	for i, u := range units {
		bin.LittleEndian.PutUint16(e[2*i:], u)
	}
	bin.LittleEndian.PutUint16(e[0x40:], uint16(2*len(units)+2))
	e[0x42], e[0x43] = kind, 1
	bin.LittleEndian.PutUint32(e[0x44:], left)
	bin.LittleEndian.PutUint32(e[0x48:], right)
	bin.LittleEndian.PutUint32(e[0x4C:], child)
}

// A compound file of more than 109 allocation table sectors names the
// rest in its DIFAT chain: a directory whose second sector is found only
// through a table sector named there is read whole, so a Word document
// of some 7 MB is told as one, as a small one is (parity.json's files).
func TestOLE2KindFollowsTheDIFAT(t *testing.T) {
	const size, per = 512, 128
	const nFAT = 110
	const difat = nFAT - 1          // the DIFAT sector; the table's sectors are 0..108 and 110
	const dirA, dirB = 13961, 13960 // covered by the 110th table sector only, B before A
	data := make([]byte, (dirA+2)*size)
	copy(data, ole2Magic)
	le := bin.LittleEndian
	le.PutUint16(data[0x1A:], 3)
	le.PutUint16(data[0x1C:], 0xFFFE)
	le.PutUint16(data[0x1E:], 9)
	le.PutUint32(data[0x2C:], nFAT)
	le.PutUint32(data[0x30:], dirA)
	le.PutUint32(data[0x44:], difat)
	le.PutUint32(data[0x48:], 1)
	sector := func(n int) []byte { return data[(n+1)*size : (n+2)*size] }
	fatSectors := []int{}
	for i := 0; i < 109; i++ {
		le.PutUint32(data[0x4C+4*i:], uint32(i))
		fatSectors = append(fatSectors, i)
	}
	d := sector(difat)
	for i := 0; i < per; i++ {
		le.PutUint32(d[4*i:], 0xFFFFFFFF)
	}
	le.PutUint32(d[0:], nFAT)
	le.PutUint32(d[size-4:], 0xFFFFFFFE)
	fatSectors = append(fatSectors, nFAT)
	// every sector free, then the table's own, the DIFAT's and the directory's chain A -> B
	for _, s := range fatSectors {
		for i := 0; i < per; i++ {
			le.PutUint32(sector(s)[4*i:], 0xFFFFFFFF)
		}
	}
	setFAT := func(n int, v uint32) { le.PutUint32(sector(fatSectors[n/per])[4*(n%per):], v) }
	for _, s := range fatSectors {
		setFAT(s, 0xFFFFFFFD)
	}
	setFAT(difat, 0xFFFFFFFC)
	setFAT(dirA, dirB)
	setFAT(dirB, 0xFFFFFFFE)
	none := uint32(0xFFFFFFFF)
	cfbEntry(sector(dirA)[0:], "Root Entry", 5, none, none, 4)
	for i := 1; i < 4; i++ {
		cfbEntry(sector(dirA)[128*i:], "", 0, none, none, none)
		sector(dirA)[128*i+0x40] = 0
	}
	cfbEntry(sector(dirB)[0:], "WordDocument", 2, 5, none, none)
	cfbEntry(sector(dirB)[128:], "1Table", 2, none, none, none)
	if got, want := cfbRootStreams(data), map[string]bool{"WordDocument": true, "1Table": true}; !reflect.DeepEqual(got, want) {
		t.Fatalf("streams %v; want %v", got, want)
	}
	if got := notAList(data, &partsKind); got != msgNotAList(whatDOC, &partsKind) {
		t.Errorf("got %q", got)
	}
	// A chain or a tree that loops is read once: the same names, no hang.
	setFAT(dirB, dirA)
	cfbEntry(sector(dirB)[128:], "1Table", 2, 4, 5, none)
	if got, want := cfbRootStreams(data), map[string]bool{"WordDocument": true, "1Table": true}; !reflect.DeepEqual(got, want) {
		t.Fatalf("looped: streams %v; want %v", got, want)
	}
	// Cut short before its directory, it is no Word document to tell: the workbook reader refuses it.
	if got := notAList(data[:dirB*size], &partsKind); got != "" {
		t.Errorf("cut short: %q", got)
	}
}

// FuzzOLE2Kind: any bytes after an OLE2 file's first ones are read
// without a panic, to a kind of file or none.
func FuzzOLE2Kind(f *testing.F) {
	for _, file := range readParity(f).Files {
		f.Add(file.Base64)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		data = append(append([]byte{}, ole2Magic...), data[min(len(data), len(ole2Magic)):]...)
		switch k := ole2Kind(data); k {
		case "", whatDOC, whatPPT, whatMSG:
		default:
			t.Fatalf("kind %q", k)
		}
	})
}
