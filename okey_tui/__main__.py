from okey_tui.cli import main

if __name__ == "__main__":
    main()
