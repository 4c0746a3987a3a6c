import sys

from cardarcade.cli import main

sys.exit(main())
