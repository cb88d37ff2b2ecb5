"""Runs C-LLM calcuate_metric.py's difflib mode (calculate_oral_metric) on the bench's JSON.
Usage: cllm_difflib.py C_LLM_DIR DATA_JSON WORK_DIR (WORK_DIR holds mid_result/, where the script writes its report)."""
import json
import os
import sys

sys.path.insert(0, sys.argv[1])
from calcuate_metric import calculate_oral_metric  # noqa: E402

print(json.dumps(calculate_oral_metric(sys.argv[2], os.path.join(sys.argv[3], ""))))
