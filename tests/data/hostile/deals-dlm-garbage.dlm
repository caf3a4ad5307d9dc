[Document]
hello
