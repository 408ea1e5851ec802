package store

import (
	"strings"
	"unicode/utf8"

	"kesim/nest"
)

// Recuts: a piece spoiled at the saw ("Bozuk") comes back as one part of
// its line in the saved parts of the job's owner (POST
// /api/layouts/{id}/pieces/{pieceId}/recut, docs/http-api.md). Each job
// records the pieces it sent back (table piece_recuts), so that a piece
// goes once whichever phone taps it, and every phone shows it.

// MsgRecutDone refuses a second recut of one piece of a job (Conflict):
// the first made its part already.
const MsgRecutDone = "Bu parça zaten yeniden kesime gönderildi."

// RecutSuffix names a spoiled piece's recut part after its line.
const RecutSuffix = " (yeniden kesim)"

// Recut is one piece of a job sent back to be cut again, by a user (empty
// By in local mode).
type Recut struct {
	PieceID string
	By      string
}

// RecutPart returns the part a spoiled piece of l comes back as: one copy
// of its line (size, material, thickness, grain, bands), named after the
// line with RecutSuffix (the line's name cut short to keep the name within
// the text limit). It reports false when l's result places no such piece.
func RecutPart(l Layout, piece string) (PartInput, bool) {
	if l.Result == nil {
		return PartInput{}, false
	}
	for _, pg := range l.Result.Pages {
		for _, pc := range pg.Parts {
			if pc.ID != piece || pc.OriginalIndex < 0 || pc.OriginalIndex >= len(l.Parts) {
				continue
			}
			line := l.Parts[pc.OriginalIndex]
			base := []rune(line.Name)
			if keep := nest.MaxTextRunes - utf8.RuneCountInString(RecutSuffix); len(base) > keep {
				base = base[:keep]
			}
			return PartInput{Name: strings.TrimSpace(string(base)) + RecutSuffix, Width: line.Width, Height: line.Height,
				Quantity: 1, Material: line.Material, Thickness: line.Thickness, Grain: line.Grain, Edges: line.Edges, line: true}, true
		}
	}
	return PartInput{}, false
}

// DroppedRecuts returns the pieces of recuts (a job's recut pieces under
// its result old) that a re-plan to res does not leave where they were:
// no piece of the id on the page of the same id, at the same place, size
// and turn. The id then names another piece, or none: its record goes, and
// that piece may be sent back in its turn. A job being cut keeps its
// ticked pages unchanged, and with them the recuts of their pieces.
func DroppedRecuts(old, res *nest.Result, recuts []string) []string {
	if len(recuts) == 0 {
		return nil
	}
	type place struct {
		page string
		pc   nest.Placed
	}
	where := func(r *nest.Result) map[string]place {
		m := map[string]place{}
		if r == nil {
			return m
		}
		for _, pg := range r.Pages {
			for _, pc := range pg.Parts {
				if _, seen := m[pc.ID]; !seen {
					m[pc.ID] = place{pg.ID, pc}
				}
			}
		}
		return m
	}
	before, after := where(old), where(res)
	var dropped []string
	for _, id := range recuts {
		a, okA := before[id]
		b, okB := after[id]
		if !okA || !okB || a.page != b.page || a.pc.X != b.pc.X || a.pc.Y != b.pc.Y ||
			a.pc.Width != b.pc.Width || a.pc.Height != b.pc.Height || a.pc.Rotated != b.pc.Rotated {
			dropped = append(dropped, id)
		}
	}
	return dropped
}
