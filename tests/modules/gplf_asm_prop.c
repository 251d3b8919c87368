// SPDX-License-Identifier: GPL-2.0
#include "gplf_asm_user.h"
MODULE_LICENSE("Proprietary");
