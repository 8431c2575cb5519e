from . import app
app()
