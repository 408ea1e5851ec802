package nest

import (
	"context"
	"encoding/json"
	"testing"
)

func docExample() Request {
	var req Request
	if err := json.Unmarshal([]byte(`{
  "sheet": {"width": 183, "height": 366},
  "stock": [
    {"id": "s1", "name": "Beyaz 18 büyük", "material": "Beyaz Sunta", "thickness": 18,
     "width": 183, "height": 366, "quantity": 4, "price": 1450, "grain": "none"},
    {"id": "s2", "material": "Beyaz Sunta", "thickness": 18, "width": 210, "height": 280, "price": 1300},
    {"id": "s3", "material": "Ceviz MDF", "thickness": 18, "width": 183, "height": 366, "price": 2100,
     "grain": "vertical"}
  ],
  "bands": [{"code": "B1", "name": "PVC 0,8 beyaz", "thickness": 0.8, "price": 6.5, "overlength": 2}],
  "parts": [
    {"name": "Yan", "width": 56, "height": 72, "quantity": 2, "material": "Beyaz Sunta", "thickness": 18,
     "edges": {"top": "B1", "left": "B1"}},
    {"name": "Kapak", "width": 40, "height": 70, "quantity": 2, "material": "Ceviz MDF", "grain": "vertical"}
  ],
  "options": {"objective": "cost", "deductBands": true, "timeLimitMs": 100}
}`), &req); err != nil {
		panic(err)
	}
	return req
}

func TestStockDocExample(t *testing.T) {
	req := docExample()
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.MarshalIndent(res, "", " ")
	t.Logf("%s", b)
}
