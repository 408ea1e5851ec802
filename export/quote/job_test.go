package quote

import (
	"os/exec"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// The quote carries the job's name (Options.Job): under its title, as
// "İş: <name>", and in the PDF's title; a long name is cut with "…" to one
// line; one of more than 200 characters is refused in Turkish, as the
// workshop's and the customer's names are.
func TestQuoteCarriesTheJobName(t *testing.T) {
	req, res := small()
	o := handOptions()
	o.Job = "Mutfak dolabı — Ayşe Hanım"
	q, err := Compute(req, res, o)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC)
	text, file := pdfText(t, q, o, now)
	text = regexpSpaces.ReplaceAllString(text, " ")
	if !strings.Contains(text, "İş: Mutfak dolabı — Ayşe Hanım") {
		t.Errorf("the quote does not name its job:\n%s", text)
	}
	if i, j := strings.Index(text, Title), strings.Index(text, "İş: Mutfak"); i < 0 || j < i || j > strings.Index(text, "Müşteri: Şule Çelik") {
		t.Errorf("the job's name is not between the title and the customer:\n%s", text)
	}
	if info, err := exec.Command("pdfinfo", file).Output(); err == nil && !strings.Contains(string(info), "Fiyat Teklifi — Mutfak dolabı — Ayşe Hanım") {
		t.Errorf("the PDF's title does not name the job:\n%s", info)
	}

	// Without a name there is no "İş:" line.
	o.Job = "  "
	if text, _ := pdfText(t, q, o, now); strings.Contains(text, "İş:") {
		t.Errorf("a quote without a job name has an İş line:\n%s", text)
	}

	// 200 characters, the most, are cut to the line with "…": the start
	// is printed, the end is not, and the page stays one.
	o.Job = "Büyük otel projesi " + strings.Repeat("ş", 170) + " SONKISIM"
	if n := utf8.RuneCountInString(o.Job); n > MaxText {
		t.Fatalf("test name of %d characters", n)
	}
	text, file = pdfText(t, q, o, now)
	line := ""
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "İş: Büyük otel projesi") {
			line = l
		}
	}
	if line == "" || !strings.HasSuffix(strings.TrimSpace(line), "…") || strings.Contains(text, "SONKISIM") {
		t.Errorf("a long job name is not cut to its line with …: %q\n%s", line, text)
	}
	if info, err := exec.Command("pdfinfo", file).Output(); err == nil && !strings.Contains(string(info), "Pages:           1") {
		t.Errorf("the quote of a long job name is not one page:\n%s", info)
	}

	o.Job = strings.Repeat("ş", MaxText+1)
	if _, err := Compute(req, res, o); err != ErrText || !strings.Contains(err.Error(), "iş adı en fazla 200 karakter") {
		t.Errorf("a job name of 201 characters: %v", err)
	}
	if err := WritePDF(new(strings.Builder), q, o, now); err != ErrText {
		t.Errorf("WritePDF with a job name of 201 characters: %v", err)
	}
}
