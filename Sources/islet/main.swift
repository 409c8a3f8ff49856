print("islet: not yet")
