"""The widgets of the game screen: they render state and post messages, never decide rules."""
