from bodoge.cli.main import main

raise SystemExit(main())
