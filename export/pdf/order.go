package pdf

import (
	"fmt"

	"kesim/export"
	"kesim/nest"
)

// costSentence is the proof of a cost as the issue words it: "Bu planın
// maliyeti 2.750,00 TL; hiçbir plan 1.300,00 TL'den ucuz olamaz".
func costSentence(cost, bound float64) string {
	return "Bu planın maliyeti " + export.Money(cost) + "; hiçbir plan " + export.Money(bound) + "'den ucuz olamaz"
}

// totalCostText is the layout's total cost with its bound.
func (d *doc) totalCostText() string {
	s := d.res.Stats
	text := export.Money(s.Cost)
	if export.TotalCostBounded(d.res) {
		text += " (en az " + export.Money(s.CostLowerBound) + ")"
	}
	return text
}

// stockOut returns how many parts are left off the layout because the
// limited stock of their material ran out (export.StockOut).
func (d *doc) stockOut() int { return export.StockOut(d.res) }

// stockOutText says plainly that the plan is not complete.
func (d *doc) stockOutText() string {
	return export.Count(float64(d.stockOut())) + " parça stok yetmediği için yerleştirilemedi"
}

// ranOut reports whether material group g is short of copies its limited
// stock could not take (nest.MaterialResult.StockOut): its bounds then
// speak of the parts placed only, not of the job.
func (d *doc) ranOut(g export.Group) bool {
	return g.Result != nil && g.Result.StockOut > 0
}

// materialHeading writes the page that opens the section of material
// group g, the i-th of n: the material, its figures, the cost and its
// bound, and its sheets.
func (d *doc) materialHeading(i, n int, g export.Group) {
	f, res := d.f, d.res
	d.addPage(res.Sheet)
	d.footerSheet = ""
	x, y, w, _ := d.content()
	d.font("B", 18)
	f.Text(x, y+7, d.fit(export.MaterialName(g.Material, g.Thickness), w))
	d.font("", 10)
	f.SetTextColor(90, 90, 90)
	f.Text(x, y+13, fmt.Sprintf("Malzeme %d / %d", i+1, n))
	f.SetTextColor(0, 0, 0)

	placed, area, sheetArea := 0, 0.0, 0.0
	for _, page := range g.Pages {
		s := export.PageSheet(res, page)
		sheetArea += s.Width * s.Height
		for _, p := range res.Pages[page].Parts {
			placed++
			area += p.Width * p.Height
		}
	}
	sheets := tally(len(g.Pages))
	efficiency := area / sheetArea * 100
	var sentence string
	short := d.ranOut(g)
	if short {
		// The bounds and "the cheapest" speak of the parts placed: with
		// parts left for want of stock the plan is not the job's.
		sentence = "Stok yetmedi: bu malzemenin stoku bitti, parçalarının bir kısmı yerleştirilemedi (plan eksik)"
	}
	if m := g.Result; m != nil && !short {
		if m.LowerBound > 0 {
			sheets += "  (en az " + tally(m.LowerBound) + " gerekir)"
		}
		if m.Efficiency > 0 {
			efficiency = m.Efficiency
		}
		if m.Cost > 0 && export.CostBounded(*m) {
			sentence = costSentence(m.Cost, m.CostLowerBound)
			if m.Optimal {
				sentence += " (plan en ucuzu)"
			}
		}
	}
	facts := [][2]string{
		{"Sayfa sayısı", sheets},
		{"Toplam parça", tally(placed)},
		{"Ortalama verim", export.Percent(efficiency)},
	}
	if m := g.Result; m != nil {
		if goal, ok := objectives[m.Objective]; ok {
			facts = append(facts, [2]string{"Hedef", goal})
		}
	}
	if m := g.Result; m != nil && m.Cost > 0 {
		facts = append(facts, [2]string{"Maliyet", export.Money(m.Cost)})
		if export.CostBounded(*m) {
			facts = append(facts, [2]string{"Maliyet alt sınırı", export.Money(m.CostLowerBound)})
		}
	}
	if m := g.Result; m != nil && short && m.Efficiency > 0 {
		efficiency = m.Efficiency
	}
	y = d.facts(x, y+22, facts)
	if sentence != "" {
		d.font("B", 11)
		f.Text(x, y+2, d.fit(sentence+".", w))
		y += 9
	}
	rows := make([][]string, len(g.Pages))
	for k, page := range g.Pages {
		pg, s := res.Pages[page], export.PageSheet(res, page)
		rows[k] = []string{itoa(page + 1), d.stockName(pg.StockID), export.Size(s.Width, s.Height),
			tally(len(pg.Parts)), "%" + itoa(pg.Efficiency)}
	}
	d.table(y+4, "Sayfalar", []column{right("Sayfa", 15), left("Levha", 70), left("Ölçü (cm)", 30),
		right("Parça", 15), right("Verim", 15)}, rows)
}

// objectives says what a material's layout minimised.
var objectives = map[string]string{
	nest.ObjectiveCost:   "en düşük maliyet",
	nest.ObjectiveArea:   "en az toplam levha alanı",
	nest.ObjectiveSheets: "en az levha",
}

// orderSummary writes the order summary ("Sipariş özeti"): the sheets of
// every stock row, used, from stock and to buy, with their price; the band
// metres and cost of every code; and the totals.
func (d *doc) orderSummary() {
	f, res := d.f, d.res
	d.addPage(res.Sheet)
	d.footerSheet = ""
	x, y, w, _ := d.content()
	d.font("B", 18)
	f.Text(x, y+7, "Sipariş özeti")
	d.font("", 10)
	f.SetTextColor(90, 90, 90)
	f.Text(x, y+13, d.fit(d.opt.Title+" · levhalar ve kenar bandı", w))
	f.SetTextColor(0, 0, 0)

	y, sheetCost := d.stockTable(y + 18)
	bandCost := 0.0
	if len(res.BandTotals) > 0 {
		y, bandCost = d.bandTable(y + 6)
	}
	y = d.facts(x, y+8, [][2]string{
		{"Levha tutarı", export.Money(sheetCost)},
		{"Bant tutarı", export.Money(bandCost)},
		{"Toplam maliyet", export.Money(sheetCost + bandCost)},
	})
	switch c := res.Stats; {
	case y > d.bottom():
	case d.stockOut() > 0:
		// No bound for a plan that leaves parts for want of stock: it
		// prices only what it placed.
		d.font("B", 10)
		f.Text(x, y+1, d.fit("Stok yetmedi: "+d.stockOutText()+"; tutarlar yalnız yerleştirilen parçaların.", w))
	case export.TotalCostBounded(res):
		d.font("", 10)
		f.Text(x, y+1, d.fit("Levhalar: "+costSentence(c.Cost, c.CostLowerBound)+".", w))
	}
}

// stockTable writes the table of the sheets taken from every stock row
// from y down, with a total row, and returns the y below it and the
// sheets' cost: from the stock rows' prices, or the layout's cost when no
// row has a price.
func (d *doc) stockTable(y float64) (float64, float64) {
	var rows [][]string
	sheetCost, totalUsed, totalBuy, priced := 0.0, 0, 0, false
	for _, u := range export.StockUses(d.res) {
		material, size, price, amount := "", export.Size(u.Sheet.Width, u.Sheet.Height), "", ""
		if u.Material != "" || u.Thickness > 0 {
			material = Printable(export.MaterialName(u.Material, u.Thickness))
		}
		if s, ok := export.StockRow(d.opt.Stock, u.StockID); ok {
			if s.Material != "" || s.Thickness > 0 {
				material = Printable(export.MaterialName(s.Material, s.Thickness))
			}
			size = export.Size(s.Width, s.Height)
			if s.Price > 0 {
				priced = true
				price = export.Money(s.Price)
				amount = export.Money(s.Price * float64(u.Used))
				sheetCost += s.Price * float64(u.Used)
			}
		}
		rows = append(rows, []string{d.stockName(u.StockID), material, size, tally(u.Used), tally(u.Used - u.Buy),
			tally(u.Buy), price, amount})
		totalUsed += u.Used
		totalBuy += u.Buy
	}
	if !priced {
		sheetCost = d.res.Stats.Cost
	}
	total := []string{"Toplam", "", "", tally(totalUsed), tally(totalUsed - totalBuy), tally(totalBuy), "", ""}
	if sheetCost > 0 {
		total[7] = export.Money(sheetCost)
	}
	rows = append(rows, total)
	y = d.table(y, "Levhalar", []column{left("Levha", 40), left("Malzeme", 32), left("Ölçü (cm)", 22),
		right("Adet", 12), right("Stoktan", 16), right("Alınacak", 18), right("Birim fiyat", 24),
		right("Tutar", 26)}, rows)
	return y, sheetCost
}

// bandTable writes the table of the band metres and cost of every code
// from y down, with a total row, and returns the y below it and the
// bands' cost.
func (d *doc) bandTable(y float64) (float64, float64) {
	var rows [][]string
	meters, bandCost := 0.0, 0.0
	for _, b := range d.res.BandTotals {
		name, thickness, price := "", "", ""
		if band, ok := export.Band(d.opt.Bands, b.Code); ok {
			name = Printable(band.Name)
			if band.Thickness > 0 {
				thickness = export.Num(band.Thickness)
			}
			if band.Price > 0 {
				price = export.Money(band.Price)
			}
		}
		rows = append(rows, []string{Printable(b.Code), name, thickness, export.Amount(b.Meters, 2) + " m",
			price, export.Money(b.Cost)})
		meters += b.Meters
		bandCost += b.Cost
	}
	rows = append(rows, []string{"Toplam", "", "", export.Amount(meters, 2) + " m", "", export.Money(bandCost)})
	y = d.table(y, "Kenar bandı", []column{left("Kod", 20), left("Bant", 50), right("Kalınlık (mm)", 25),
		right("Uzunluk", 28), right("Metre fiyatı", 28), right("Tutar", 29)}, rows)
	return y, bandCost
}

// bottom is the lowest baseline of the page's content.
func (d *doc) bottom() float64 {
	_, y, _, h := d.content()
	return y + h - 2
}
