module archives

go 1.22
