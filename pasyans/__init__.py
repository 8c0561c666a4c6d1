"""pasyans: the command line and the glue between the pipeline's stages.

corpus/ -> normalize/ -> extract/ -> engine/ -> site/ (import name `edition`).
This package only dispatches commands and reports errors; the work is done
by the stages.
"""

__version__ = "0.1.0"
