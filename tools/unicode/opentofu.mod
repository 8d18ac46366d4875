module hcl-playground/tools/unicode

go 1.25.0

require (
	github.com/apparentlymart/go-textseg/v13 v13.0.0
	github.com/apparentlymart/go-textseg/v15 v15.0.0
	golang.org/x/text v0.37.0
)
