module kesim

go 1.26.8
