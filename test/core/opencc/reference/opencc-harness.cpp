// One stdin line at a time through OpenCC's SimpleConverter::Convert(bytes, length), the call OpenCC's Python
// binding (`OpenCC("t2s").convert(text)`) makes. "\0" in a line stands for a NUL byte.
#include <iostream>
#include <string>
#include "SimpleConverter.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: opencc-harness CONFIG.json < lines" << std::endl;
    return 2;
  }
  opencc::SimpleConverter converter(argv[1]);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::string bytes;
    for (size_t i = 0; i < line.size(); i++) {
      if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '0') {
        bytes.push_back('\0');
        i++;
      } else {
        bytes.push_back(line[i]);
      }
    }
    std::cout << converter.Convert(bytes.c_str(), bytes.size()) << "\n";
  }
}
