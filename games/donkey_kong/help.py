"""The rules of each variant in the project's own words (shown by the app's help overlay)."""


def help_text(variant: str) -> str:
    return f"Donkey Kong ({variant})"
