"""Serving the course: ``shengji-tutor serve``, the class server and the command line."""
