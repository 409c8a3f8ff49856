// IsletStore: see the architecture page.
