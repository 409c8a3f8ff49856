print("islet-notify: not yet")
