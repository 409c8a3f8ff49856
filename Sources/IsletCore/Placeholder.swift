// IsletCore: see the architecture page.
