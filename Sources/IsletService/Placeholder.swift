// IsletService: see the architecture page.
