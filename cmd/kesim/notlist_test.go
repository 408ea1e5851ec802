package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A file that is no list (a PDF, a photo, an RTF document, which starts
// with a brace as a JSON request does) given as the part list, --stock or
// --bands is refused by one message naming what it looks like, after the
// file's name, with exit 2 and nothing written.
func TestNestNotAList(t *testing.T) {
	dir := t.TempDir()
	p := writeFiles(t, dir, map[string]string{
		"parts.csv":  kitchenParts,
		"plan.pdf":   "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<</Type/Catalog>>\nendobj\n",
		"foto.jpg":   "\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00",
		"liste.rtf":  `{\rtf1\ansi\deff0 {\fonttbl{\f0 Calibri;}}\f0 Ad;En;Boy\par}`,
		"cizim.dxf":  "  0\r\nSECTION\r\n  2\r\nENTITIES\r\n  0\r\nENDSEC\r\n  0\r\nEOF\r\n",
		"bantlar.gz": "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03",
	})
	out := filepath.Join(dir, "sonuç.json")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{p["plan.pdf"]}, "kesim nest: plan.pdf:\nBu dosya bir PDF belgesi, parça listesi değil; parçaları CSV, metin ya da Excel (.xlsx) dosyası olarak verin.\n"},
		{[]string{p["liste.rtf"]}, "kesim nest: liste.rtf:\nBu dosya bir RTF belgesi, parça listesi değil; parçaları CSV, metin ya da Excel (.xlsx) dosyası olarak verin.\n"},
		{[]string{"--stock", p["foto.jpg"], p["parts.csv"]}, "kesim nest: --stock foto.jpg:\nBu dosya bir JPEG resmi, levha listesi değil; levhaları CSV, metin ya da Excel (.xlsx) dosyası olarak verin.\n"},
		{[]string{"--stock", p["cizim.dxf"], p["parts.csv"]}, "kesim nest: --stock cizim.dxf:\nBu dosya bir DXF çizimi, levha listesi değil; levhaları CSV, metin ya da Excel (.xlsx) dosyası olarak verin.\n"},
		{[]string{"--bands", p["bantlar.gz"], p["parts.csv"]}, "kesim nest: --bands bantlar.gz:\nBu dosya metin olmayan (ikili) bir dosya, bant listesi değil; bant kodlarını CSV, metin ya da Excel (.xlsx) dosyası olarak verin.\n"},
	} {
		code, stdout, stderr := runNestT(t, "", append([]string{"--sheet", "183x366", "--json", out}, tt.args...)...)
		if code != exitBadInput || stdout != "" || stderr != tt.want {
			t.Errorf("%v: exit %d, %q\nwant %q", tt.args, code, stderr, tt.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: %s written", tt.args, out)
		}
	}
}
