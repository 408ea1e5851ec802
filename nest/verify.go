package nest

import (
	"fmt"
	"math"
	"sort"
)

// Verify reports whether res is a correct layout of req: the sheet as the
// engine takes it (rounded down to 0.01 cm), every part inside the usable
// sheet (the sheet less the trim), no two parts on a page closer than the
// kerf, sizes equal to the input rounded up to 0.01 cm (swapped only when
// rotated and allowed), every copy placed exactly once or its whole part line skipped
// (and only when it fits in no orientation), and page ids, efficiencies and
// statistics right. It returns the first problem found.
//
// Verify works in engine units, so it judges exactly what the engine meant;
// it is O(n log n + overlapping pairs) per page.
func Verify(req Request, res Result) error {
	j, skipped, err := newJob(req)
	if err != nil {
		return fmt.Errorf("geçersiz istek: %w", err)
	}
	sw, sh := j.sheetW, j.sheetH
	lo, hiX, hiY := j.trim, sw-j.trim, sh-j.trim
	placed := make([]int, len(req.Parts))
	if exactUnits(res.Sheet.Width) != sw || exactUnits(res.Sheet.Height) != sh {
		return fmt.Errorf("tuval %gx%g, beklenen %gx%g", res.Sheet.Width, res.Sheet.Height, toCM(sw), toCM(sh))
	}
	if len(res.Skipped) != len(skipped) {
		return fmt.Errorf("%d parça satırı atlanmalıydı, %d atlandı", len(skipped), len(res.Skipped))
	}
	skippedLine := make([]bool, len(req.Parts))
	for i, s := range res.Skipped {
		if s != skipped[i] {
			return fmt.Errorf("atlanan parça %d yanlış: %+v, beklenen %+v", i, s, skipped[i])
		}
		skippedLine[s.OriginalIndex] = true
	}
	seen := map[string]bool{}
	var totalArea float64
	count, cuts, cutLength := 0, 0, 0
	for pi, page := range res.Pages {
		if page.ID != pageID(pi) {
			return fmt.Errorf("sayfa %d kimliği %q, beklenen %q", pi, page.ID, pageID(pi))
		}
		if len(page.Parts) == 0 {
			return fmt.Errorf("%s boş", page.ID)
		}
		rs := make([]rect, len(page.Parts))
		var area float64
		for i, p := range page.Parts {
			if p.OriginalIndex < 0 || p.OriginalIndex >= len(req.Parts) {
				return fmt.Errorf("%s: %q geçersiz originalIndex %d", page.ID, p.ID, p.OriginalIndex)
			}
			in := req.Parts[p.OriginalIndex]
			if skippedLine[p.OriginalIndex] {
				return fmt.Errorf("%s: atlanan parça %q yerleştirilmiş", page.ID, p.ID)
			}
			if seen[p.ID] {
				return fmt.Errorf("%s: %q iki kez yerleştirilmiş", page.ID, p.ID)
			}
			seen[p.ID] = true
			if p.Name != in.Name {
				return fmt.Errorf("%s: %q adı %q, beklenen %q", page.ID, p.ID, p.Name, in.Name)
			}
			x, y := exactUnits(p.X), exactUnits(p.Y)
			w, h := exactUnits(p.Width), exactUnits(p.Height)
			// The input's sides as the engine takes them: rounded up to
			// 0.01 cm (roundUnits), so 50.004 must be placed as 50.01.
			iw, ih := int(roundUnits(in.Width, true)), int(roundUnits(in.Height, true))
			if x < 0 || y < 0 || w < 0 || h < 0 {
				return fmt.Errorf("%s: %q konumu veya boyutu 0,1 mm'nin katı değil", page.ID, p.ID)
			}
			switch {
			case !p.Rotated && w == iw && h == ih:
			case p.Rotated && w == ih && h == iw && in.CanRotate():
			default:
				return fmt.Errorf("%s: %q boyutu %gx%g (döndürülmüş: %v), girdi %gx%g", page.ID, p.ID, p.Width, p.Height, p.Rotated, in.Width, in.Height)
			}
			if x < lo || y < lo || x+w > hiX || y+h > hiY {
				return fmt.Errorf("%s: %q kullanılabilir tuvalin dışında", page.ID, p.ID)
			}
			// Inflated by the kerf on the right and bottom: two parts keep
			// the kerf between them exactly when these do not overlap.
			rs[i] = rect{x, y, w + j.kerf, h + j.kerf}
			placed[p.OriginalIndex]++
			area += float64(w) * float64(h)
			count++
		}
		if a, b, ok := overlapping(rs); ok {
			return fmt.Errorf("%s: %q ile %q çakışıyor veya testere payından yakın", page.ID, page.Parts[a].ID, page.Parts[b].ID)
		}
		if j.guillotine {
			n, length, err := verifyCuts(j, page)
			if err != nil {
				return fmt.Errorf("%s: %w", page.ID, err)
			}
			cuts += n
			cutLength += length
		} else if len(page.Cuts) > 0 {
			return fmt.Errorf("%s: giyotin olmayan yerleşimde kesim sırası var", page.ID)
		}
		want := int(math.Round(100 * area / (float64(sw) * float64(sh))))
		if page.Efficiency != want {
			return fmt.Errorf("%s: verim %d, hesaplanan %d", page.ID, page.Efficiency, want)
		}
		totalArea += area
	}
	for i, p := range req.Parts {
		if skippedLine[i] {
			continue
		}
		if placed[i] != p.Quantity {
			return fmt.Errorf("parça %d (%q): %d adet yerleştirilmiş, %d istenmişti", i, p.Name, placed[i], p.Quantity)
		}
		for c := 0; c < p.Quantity; c++ {
			if id := partID(p, i) + "-" + itoa(c); !seen[id] {
				return fmt.Errorf("parça %d (%q): %q kopyası yok", i, p.Name, id)
			}
		}
	}
	st := res.Stats
	if st.Pages != len(res.Pages) || st.Placed != count {
		return fmt.Errorf("istatistik yanlış: %d sayfa %d parça, sayılan %d sayfa %d parça", st.Pages, st.Placed, len(res.Pages), count)
	}
	if st.Cuts != cuts || exactUnits(st.CutLength) != cutLength {
		return fmt.Errorf("kesim istatistiği yanlış: %d kesim %.2f cm, sayılan %d kesim %.2f cm", st.Cuts, st.CutLength, cuts, toCM(cutLength))
	}
	if st.LowerBound > st.Pages && count > 0 {
		return fmt.Errorf("alt sınır %d sayfa sayısı %d'den büyük", st.LowerBound, st.Pages)
	}
	if st.Optimal != (st.Pages <= st.LowerBound) {
		return fmt.Errorf("optimal bayrağı %v, sayfa %d alt sınır %d", st.Optimal, st.Pages, st.LowerBound)
	}
	if len(res.Pages) > 0 {
		want := math.Round(1000*totalArea/(float64(sw)*float64(sh)*float64(len(res.Pages)))) / 10
		if st.Efficiency != want {
			return fmt.Errorf("ortalama verim %.1f, hesaplanan %.1f", st.Efficiency, want)
		}
	}
	return nil
}

// exactUnits converts cm to engine units, or returns -1 when the value is
// not a whole number of units (beyond float printing noise).
func exactUnits(cm float64) int {
	u := math.Round(cm * unitsPerCM)
	if math.Abs(u-cm*unitsPerCM) > 1e-6 || u < 0 {
		return -1
	}
	return int(u)
}

// overlapping returns two indices of rectangles that overlap, if any, by a
// sweep over x: O(n log n + k).
func overlapping(rs []rect) (int, int, bool) {
	idx := make([]int, len(rs))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return rs[idx[a]].x < rs[idx[b]].x })
	var active []int
	for _, i := range idx {
		r := rs[i]
		kept := active[:0]
		for _, a := range active {
			if rs[a].x+rs[a].w > r.x {
				kept = append(kept, a)
			}
		}
		active = kept
		for _, a := range active {
			q := rs[a]
			if q.y < r.y+r.h && r.y < q.y+q.h && r.w > 0 && q.w > 0 {
				return a, i, true
			}
		}
		active = append(active, i)
	}
	return 0, 0, false
}

// verifyCuts replays a guillotine page's cutting sequence on the trimmed
// sheet: every cut must run from edge to edge of exactly one piece, and at
// the end every part must be a piece of its own, exactly its size. It
// returns the number of cuts and their length in units.
func verifyCuts(j *job, page Page) (int, int, error) {
	k := j.kerf
	pieces := []rect{{j.trim, j.trim, j.sheetW - 2*j.trim, j.sheetH - 2*j.trim}}
	length := 0
	for i, c := range page.Cuts {
		x, y, l := exactUnits(c.X), exactUnits(c.Y), exactUnits(c.Length)
		if c.Order != i+1 || x < 0 || y < 0 || l <= 0 || c.Direction != Vertical && c.Direction != Horizontal {
			return 0, 0, fmt.Errorf("kesim %d geçersiz: %+v", i+1, c)
		}
		found := -1
		for pi, p := range pieces {
			if c.Direction == Vertical && y == p.y && l == p.h && p.x < x && x < p.x+p.w ||
				c.Direction == Horizontal && x == p.x && l == p.w && p.y < y && y < p.y+p.h {
				found = pi
				break
			}
		}
		if found < 0 {
			return 0, 0, fmt.Errorf("kesim %d (%+v) bir parçayı baştan sona kesmiyor", i+1, c)
		}
		p := pieces[found]
		pieces = append(pieces[:found], pieces[found+1:]...)
		if c.Direction == Vertical {
			pieces = append(pieces, rect{p.x, p.y, x - p.x, p.h})
			if x+k < p.x+p.w {
				pieces = append(pieces, rect{x + k, p.y, p.x + p.w - x - k, p.h})
			}
		} else {
			pieces = append(pieces, rect{p.x, p.y, p.w, y - p.y})
			if y+k < p.y+p.h {
				pieces = append(pieces, rect{p.x, y + k, p.w, p.y + p.h - y - k})
			}
		}
		length += l
	}
	exact := make(map[rect]bool, len(pieces))
	for _, p := range pieces {
		exact[p] = true
	}
	for _, p := range page.Parts {
		r := rect{exactUnits(p.X), exactUnits(p.Y), exactUnits(p.Width), exactUnits(p.Height)}
		if !exact[r] {
			return 0, 0, fmt.Errorf("%q kesim sırasıyla tam boyutunda ayrılmıyor", p.ID)
		}
		delete(exact, r) // a piece holds one part
	}
	return len(page.Cuts), length, nil
}
