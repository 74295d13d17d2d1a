from tcgrules.cli import main

main()
