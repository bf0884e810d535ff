#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// A closed output is an error a write returns (EPIPE), which the tool answers
// itself (ToolIO.endsQuietlyWhenOutputCloses), instead of a signal that ends
// it wherever it is: `append --ack` must stop appending and say so.
signal(SIGPIPE, SIG_IGN)
exit(ModalLog.run(arguments: Array(CommandLine.arguments.dropFirst()), io: .process()))
