import PhotoCLI

PhotoCLI.main()
