from pasyans.cli import main

raise SystemExit(main())
